import { CALENDAR_DEFAULT_TZID, CalendarMsg } from '@phonecloud/shared';
import type { CalendarEventPatch } from '@phonecloud/shared/api';
import ICAL from 'ical.js';
import type { z } from 'zod';
import { invalid } from '../../../http/errors.js';
import { lunarOfSolar, lunarValue } from '../ics/lunar.js';
import { ianaZone } from '../ics/zones.js';
import { DAY_MS, dayOf, parseWall, ymdOf } from './days-math.js';
import {
  escapeText,
  type IcsDoc,
  lineValueOf,
  paramOf,
  type TimeForm,
  timeLine,
  utcStamp,
  type VeventLines,
} from './ics-lines.js';
import { type RepeatInput, ruleOf } from './repeat.js';
import { viewZone, type WallClock } from './zone-clock.js';

export type Patch = z.output<typeof CalendarEventPatch>;

/** When a VEVENT is, as its lines say it. */
export interface Timing {
  form: TimeForm;
  startWall: number;
  endWall: number;
}

const HOUR = 3_600_000;

/** A wall time of iCalendar's '20261130' / '20261130T100000' / '...Z'. */
export function stampWall(value: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as number[];
  return Date.UTC(y as number, (mo as number) - 1, d, h, mi, s);
}

function formOf(line: string): TimeForm {
  const value = lineValueOf(line).trim();
  const allDay = (paramOf(line, 'VALUE') ?? '').toUpperCase() === 'DATE' || /^\d{8}$/.test(value);
  return { allDay, tzid: allDay ? null : paramOf(line, 'TZID'), utc: !allDay && value.endsWith('Z') };
}

export function readTiming(ev: VeventLines): Timing {
  const startLine = ev.props('DTSTART')[0];
  const startWall = startLine ? stampWall(lineValueOf(startLine)) : null;
  if (!startLine || startWall === null) throw invalid(CalendarMsg.NO_START);
  const form = formOf(startLine);
  const endLine = ev.props('DTEND')[0];
  let endWall = endLine ? stampWall(lineValueOf(endLine)) : null;
  if (endWall === null) {
    const duration = ev.props('DURATION')[0];
    endWall = duration
      ? startWall + ICAL.Duration.fromString(lineValueOf(duration).trim()).toSeconds() * 1000
      : startWall + (form.allDay ? DAY_MS : 0);
  }
  return { form, startWall, endWall: Math.max(startWall, endWall) };
}

/** A UTC-written timing as wall times of the default zone: the portal edits in a zone. */
export function zoned(t: Timing): Timing {
  if (!t.form.utc) return t;
  const view = viewZone(CALENDAR_DEFAULT_TZID) as WallClock & { wallOf(utc: number): number };
  return {
    form: { allDay: false, tzid: CALENDAR_DEFAULT_TZID, utc: false },
    startWall: view.wallOf(t.startWall),
    endWall: view.wallOf(t.endWall),
  };
}

/** A zone the store can place and export: known to the tz database. */
export function checkZone(tzid: string): void {
  if (!viewZone(tzid) || !ianaZone(tzid)) throw invalid(CalendarMsg.BAD_ZONE);
}

function wallOrThrow(text: string): number {
  const wall = parseWall(text);
  if (wall === null) throw invalid(CalendarMsg.BAD_TIME);
  return wall;
}

/** The timing a patch asks for, or null when it leaves the times alone. */
export function nextTiming(cur: Timing, patch: Patch): Timing | null {
  if (
    patch.start === undefined &&
    patch.end === undefined &&
    patch.all_day === undefined &&
    patch.tzid === undefined
  )
    return null;
  const base = zoned(cur);
  const allDay = patch.all_day !== undefined ? patch.all_day === 1 : base.form.allDay;
  const tzid = allDay ? null : (patch.tzid ?? base.form.tzid ?? CALENDAR_DEFAULT_TZID);
  if (tzid && (patch.tzid !== undefined || tzid !== base.form.tzid)) checkZone(tzid);
  const length = base.endWall - base.startWall;
  let start = patch.start !== undefined ? wallOrThrow(patch.start) : base.startWall;
  let end: number;
  if (allDay) {
    start = dayOf(start) * DAY_MS;
    end =
      patch.end !== undefined
        ? dayOf(wallOrThrow(patch.end)) * DAY_MS
        : start + (base.form.allDay ? length : DAY_MS);
    if (end <= start) throw invalid(CalendarMsg.END_BEFORE_START);
  } else {
    if (base.form.allDay && patch.start !== undefined && !patch.start.includes('T'))
      throw invalid(CalendarMsg.BAD_TIME);
    end = patch.end !== undefined ? wallOrThrow(patch.end) : start + (base.form.allDay ? HOUR : length);
    if (end < start) throw invalid(CalendarMsg.END_BEFORE_START);
  }
  // A floating event stays floating unless a zone is asked for.
  const floating = !allDay && base.form.tzid === null && !base.form.utc && patch.tzid === undefined;
  return { form: { allDay, tzid: floating ? null : tzid, utc: false }, startWall: start, endWall: end };
}

/** Writes DTSTART and DTEND (a DURATION gives way), and the zone's VTIMEZONE when the text lacks it. */
export function writeTiming(doc: IcsDoc, ev: VeventLines, t: Timing): void {
  ev.set('DTSTART', [timeLine('DTSTART', t.startWall, t.form)]);
  ev.set('DURATION', []);
  ev.set('DTEND', [timeLine('DTEND', t.endWall, t.form)]);
  const tzid = t.form.tzid;
  if (tzid && !doc.hasZone(tzid)) {
    const zone = ianaZone(tzid);
    if (zone) doc.addZone(zone.toString());
  }
}

export function writeText(ev: VeventLines, name: string, value: string | undefined): void {
  if (value === undefined) return;
  ev.set(name, value === '' ? [] : [`${name}:${escapeText(value)}`]);
}

/** Minutes before the start a VALARM goes off; null for one the dialog cannot say (after the end...). */
function alarmMinutes(lines: readonly string[], startAt: number): number | null {
  const trigger = lines.find((l) => /^TRIGGER[;:]/i.test(l));
  if (!trigger) return null;
  const value = lineValueOf(trigger).trim();
  if ((paramOf(trigger, 'VALUE') ?? '').toUpperCase() === 'DATE-TIME' || /^\d{8}T/.test(value)) {
    const at = stampWall(value);
    return at === null ? null : Math.round((startAt - at) / 60_000);
  }
  if ((paramOf(trigger, 'RELATED') ?? '').toUpperCase() === 'END') return null;
  try {
    return -Math.round(ICAL.Duration.fromString(value).toSeconds() / 60);
  } catch {
    return null;
  }
}

/** Physical lines with their folds undone. */
function logicalLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const l of lines) {
    if (/^[ \t]/.test(l) && out.length > 0) out[out.length - 1] += l.slice(1);
    else out.push(l);
  }
  return out;
}

function triggerOf(minutes: number): string {
  if (minutes === 0) return 'PT0S';
  if (minutes % 1440 === 0) return `-P${minutes / 1440}D`;
  if (minutes % 60 === 0) return `-PT${minutes / 60}H`;
  return `-PT${minutes}M`;
}

/**
 * The reminders the dialog set: alarms already there for those minutes are kept as they were
 * (their sounds, descriptions, X- properties), others dropped, the missing ones added.
 */
export function writeReminders(
  ev: VeventLines,
  minutes: readonly number[] | undefined,
  startAt: number,
  summary: string,
) {
  if (minutes === undefined) return;
  const wanted = new Set(minutes);
  const drop: number[] = [];
  for (const alarm of ev.components('VALARM')) {
    const m = alarmMinutes(logicalLines(alarm.lines), startAt);
    if (m !== null && wanted.has(m)) wanted.delete(m);
    else drop.push(alarm.index);
  }
  ev.dropComponents(drop);
  for (const m of [...wanted].sort((a, b) => a - b)) {
    ev.addComponent([
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      `DESCRIPTION:${escapeText(summary || CalendarMsg.NO_TITLE)}`,
      `TRIGGER:${triggerOf(m)}`,
      'END:VALARM',
    ]);
  }
}

/** The repeat the dialog set (master only): an RRULE, a lunar date, or none. */
export function writeRepeat(
  ev: VeventLines,
  repeat: RepeatInput | null | undefined,
  t: Timing,
  clock: WallClock,
): void {
  if (repeat === undefined) return;
  if (repeat === null) {
    ev.set('RRULE', []);
    ev.set('RDATE', []);
    ev.set('X-LUNAR-DATE', []);
    return;
  }
  if (repeat.freq === 'lunar_yearly') {
    ev.set('RRULE', []);
    writeLunar(ev, t.startWall);
    return;
  }
  ev.set('RRULE', [`RRULE:${ruleOf(repeat, t.startWall, t.form, clock)}`]);
  ev.set('X-LUNAR-DATE', []);
}

/** X-LUNAR-DATE of the Chinese calendar date of the start's day (a lunar birthday). */
export function writeLunar(ev: VeventLines, startWall: number): void {
  const { year, month, day } = ymdOf(dayOf(startWall));
  const lunar = lunarOfSolar(year, month, day);
  ev.set('X-LUNAR-DATE', [`X-LUNAR-DATE${lunar.leap ? ';X-LEAP-MONTH=TRUE' : ''}:${lunarValue(lunar)}`]);
}

/** DTSTAMP and LAST-MODIFIED now, SEQUENCE one up where the event counts it. */
export function stamp(ev: VeventLines, now: number): void {
  ev.set('DTSTAMP', [`DTSTAMP:${utcStamp(now)}`]);
  ev.set('LAST-MODIFIED', [`LAST-MODIFIED:${utcStamp(now)}`]);
  const seq = ev.props('SEQUENCE')[0];
  if (seq !== undefined) ev.set('SEQUENCE', [`SEQUENCE:${(Number(lineValueOf(seq)) || 0) + 1}`]);
}
