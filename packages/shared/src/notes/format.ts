import { NOTE_JUST_NOW_MS, NOTE_MINUTES_AGO_MAX_MS } from './limits.js';
import { NoteMsg } from './messages.js';

/**
 * The separator a title may carry between its two parts (spec 001 §3 names one without showing
 * it). U+001F, the unit separator: nobody types it, so a title's own text never splits.
 */
export const NOTE_TITLE_SEPARATOR = '\u001f';

/** A title's two parts (the second is '' when the title has no separator). */
export function splitNoteTitle(title: string): [string, string] {
  const at = title.indexOf(NOTE_TITLE_SEPARATOR);
  if (at < 0) return [title, ''];
  return [title.slice(0, at), title.slice(at + NOTE_TITLE_SEPARATOR.length)];
}
export function joinNoteTitle(main: string, sub: string): string {
  return sub ? `${main}${NOTE_TITLE_SEPARATOR}${sub}` : main;
}
/** The title as one line of text (the separator shown as a space). */
export function noteTitleText(title: string): string {
  const [main, sub] = splitNoteTitle(title);
  return sub ? `${main} ${sub}` : main;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A card's time (spec 001 §4): within a minute 刚刚, under an hour n分钟前, the same day
 * 今天 hh:mm, otherwise the full date 'YYYY-MM-DD hh:mm'; in the viewer's local time.
 */
export function noteRelativeTime(ms: number, now: number = Date.now()): string {
  const age = now - ms;
  if (age < NOTE_JUST_NOW_MS) return NoteMsg.JUST_NOW;
  if (age < NOTE_MINUTES_AGO_MAX_MS) return `${Math.floor(age / 60000)}分钟前`;
  const d = new Date(ms);
  const n = new Date(now);
  const hm = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  if (d.getFullYear() === n.getFullYear() && d.getMonth() === n.getMonth() && d.getDate() === n.getDate())
    return `今天 ${hm}`;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${hm}`;
}
