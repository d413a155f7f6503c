import {
  joinNoteTitle,
  type Note,
  type NoteBlock,
  NoteBlockType,
  NoteMode,
  type SyncNoteFields,
  splitNoteTitle,
} from '@phonecloud/shared';
import YAML from 'yaml';

/**
 * A note as the phone keeps it: one Markdown file with YAML front matter (the `yaml` package
 * reads it, so a hand-typed header works as well as the one the phone writes).
 *
 * ```
 * ---
 * id: "12"            the cloud's server_id ('' or absent for a note made on the phone)
 * title: "买菜"
 * subtitle: "周末"    only when the title has a second part
 * colour: 0           0-3 (classify)
 * pinned: false       top
 * remind: "2026-11-30T01:00:00.000Z"   only when a reminder is set
 * ---
 * a plain line
 * the next line of the same text block
 *
 * - [ ] an unchecked checklist line
 * - [x] a checked one
 *
 * ![图片](/notes/file/…)           an image block (its cloud path)
 * [录音：name.m4a](/notes/file/… "12")   a recording (link, seconds)
 * ```
 *
 * A plain text block is a paragraph (its lines end in two spaces, Markdown's hard break); a
 * checklist line is a `- [ ]` / `- [x]` item; lines that Markdown would read as a heading, list
 * or quote get a backslash in front. Empty text blocks are not written.
 */
export interface PhoneNote {
  /** The cloud's id from the front matter; '' for a note the phone has not pushed yet. */
  id: string;
  /** Whole blocks, as the cloud's notes hold them (the sync's shape takes them as they are). */
  fields: Required<Pick<SyncNoteFields, 'title' | 'classify' | 'top' | 'remind' | 'remindtime'>> & {
    content: NoteBlock[];
  };
}

const FRONT = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;
const CHECK = /^- \[( |x|X)\] ?(.*)$/;
const IMAGE = /^!\[[^\]]*\]\(([^)\s]+)\)$/;
const RECORD = /^\[录音：([^\]]*)\]\(([^)\s]+)(?: "(\d+)")?\)$/;
const MARKDOWN_MARK = /^\s*(#|>|[-*+]\s|\d+[.)]\s|={3,}|-{3,}|`{3,}|!\[|\[录音：|\\)/;

const escapeLine = (line: string) => (MARKDOWN_MARK.test(line) ? `\\${line}` : line);
const unescapeLine = (line: string) => (line.startsWith('\\') ? line.slice(1) : line);

/** The Markdown text of a note. */
export function writeNote(note: PhoneNote): string {
  const f = note.fields;
  const [main, sub] = splitNoteTitle(f.title);
  const front: Record<string, string | number | boolean> = { id: note.id, title: main };
  if (sub) front.subtitle = sub;
  front.colour = f.classify;
  front.pinned = f.top === 1;
  if (f.remind === 1 && f.remindtime > 0) front.remind = new Date(f.remindtime).toISOString();
  const head = Object.entries(front)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? JSON.stringify(v) : String(v)}`)
    .join('\n');
  const body: string[] = [];
  let inList = false;
  for (const b of f.content) {
    const isItem = b.type === NoteBlockType.TEXT && b.mode !== NoteMode.PLAIN;
    if (inList && !isItem) body.push('');
    inList = isItem;
    if (b.type === NoteBlockType.TEXT) {
      if (isItem)
        body.push(`- [${b.mode === NoteMode.CHECKED ? 'x' : ' '}] ${b.content.replace(/\r?\n/g, ' ')}`);
      else if (b.content.trim()) body.push(b.content.split(/\r?\n/).map(escapeLine).join('  \n'), '');
    } else if (b.type === NoteBlockType.IMAGE) body.push(`![图片](${b.content})`, '');
    else
      body.push(
        `[录音：${b.content.replace(/[[\]]/g, '')}](${b.link}${b.duration ? ` "${b.duration}"` : ''})`,
        '',
      );
  }
  return `---\n${head}\n---\n${body.join('\n').trimEnd()}\n`;
}

function asText(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** Reads a note file; a file without front matter is all text, its first line the title. */
export function readNote(text: string): PhoneNote {
  const m = FRONT.exec(text);
  let meta: Record<string, unknown> = {};
  if (m) {
    const parsed = YAML.parse(m[1] ?? '') as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      meta = parsed as Record<string, unknown>;
  }
  const lines = (m ? text.slice(m[0].length) : text).split(/\r?\n/);
  let title = joinNoteTitle(asText(meta.title).trim(), asText(meta.subtitle).trim());
  if (!m) title = lines.find((l) => l.trim())?.trim() ?? '';
  const content: NoteBlock[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length === 0) return;
    content.push({
      type: NoteBlockType.TEXT,
      content: para.map((l) => unescapeLine(l.replace(/ {2}$/, ''))).join('\n'),
      mode: NoteMode.PLAIN,
      checked: 0,
    });
    para = [];
  };
  for (const line of lines) {
    const check = CHECK.exec(line);
    const image = IMAGE.exec(line.trim());
    const record = RECORD.exec(line.trim());
    if (check) {
      flush();
      const checked = check[1] !== ' ';
      content.push({
        type: NoteBlockType.TEXT,
        content: check[2] ?? '',
        mode: checked ? NoteMode.CHECKED : NoteMode.UNCHECKED,
        checked: checked ? 1 : 0,
      });
    } else if (image) {
      flush();
      content.push({ type: NoteBlockType.IMAGE, content: image[1] ?? '' });
    } else if (record) {
      flush();
      const duration = Number(record[3] ?? 0);
      content.push({
        type: NoteBlockType.RECORD,
        content: record[1] ?? '',
        link: record[2] ?? '',
        ...(duration > 0 ? { duration } : {}),
      });
    } else if (!line.trim()) flush();
    else para.push(line);
  }
  flush();
  const colour = Number(meta.colour ?? 0);
  const remindAt = Date.parse(asText(meta.remind));
  return {
    id: asText(meta.id).trim(),
    fields: {
      title,
      content,
      classify: Number.isInteger(colour) && colour >= 0 && colour <= 3 ? colour : 0,
      top: meta.pinned === true ? 1 : 0,
      remind: Number.isFinite(remindAt) ? 1 : 0,
      remindtime: Number.isFinite(remindAt) ? remindAt : 0,
    },
  };
}

/** The phone's fields of a cloud note. */
export function noteFields(note: Note): PhoneNote['fields'] {
  return {
    title: note.title,
    content: note.content,
    classify: note.classify,
    top: note.top,
    remind: note.remind,
    remindtime: note.remind === 1 ? note.remindtime : 0,
  };
}

/** A file name for a note: its title (made safe, cut), then its id so two notes never share one. */
export function noteFileName(title: string, id: string): string {
  const [main] = splitNoteTitle(title);
  const safe = main
    .replace(/[\\/:*?"<>|]/g, '')
    .replace(/\p{Cc}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40);
  return `${safe || '无标题'}-${id}.md`;
}
