import { type RawComponent, rawCalendar, rawText } from '../ics/raw.js';
import { DAY_MS } from './days-math.js';

/**
 * A kept iCalendar text edited line by line: what the portal changes is rewritten, every other
 * line (X- properties, attendees, alarms it did not touch, the phone's own VTIMEZONE) is copied
 * as the phone or CalDAV client wrote it.
 */

const CRLF = '\r\n';

/** A property (its physical lines, folds kept) or a nested component (VALARM) of a VEVENT. */
interface Entry {
  comp: boolean;
  /** Upper-case property or component name. */
  name: string;
  lines: string[];
}

const nameOf = (line: string) => (/^([^;:]+)/.exec(line)?.[1] ?? '').toUpperCase();

/** A property's logical line (folds undone). */
export const unfold = (lines: readonly string[]) => lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('');

/** One VEVENT as lines. */
export class VeventLines {
  private constructor(private entries: Entry[]) {}

  static of(raw: RawComponent): VeventLines {
    const entries: Entry[] = [];
    const inner = raw.lines.slice(1, -1);
    let depth = 0;
    for (const line of inner) {
      const folded = line.startsWith(' ') || line.startsWith('\t');
      const last = entries[entries.length - 1];
      if (depth > 0) {
        (last as Entry).lines.push(line);
        if (!folded && /^BEGIN:/i.test(line)) depth++;
        else if (!folded && /^END:/i.test(line)) depth--;
        continue;
      }
      if (folded && last) last.lines.push(line);
      else if (/^BEGIN:/i.test(line)) {
        entries.push({ comp: true, name: line.slice(6).trim().toUpperCase(), lines: [line] });
        depth = 1;
      } else entries.push({ comp: false, name: nameOf(line), lines: [line] });
    }
    return new VeventLines(entries);
  }

  clone(): VeventLines {
    return new VeventLines(this.entries.map((e) => ({ ...e, lines: [...e.lines] })));
  }

  /** Logical lines of a property (every occurrence). */
  props(name: string): string[] {
    return this.entries.filter((e) => !e.comp && e.name === name).map((e) => unfold(e.lines));
  }

  has(name: string): boolean {
    return this.entries.some((e) => !e.comp && e.name === name);
  }

  /** Replaces every line of a property by `lines` (none: removes it), where it was or before the alarms. */
  set(name: string, lines: readonly string[]): void {
    const at = this.entries.findIndex((e) => !e.comp && e.name === name);
    this.entries = this.entries.filter((e) => e.comp || e.name !== name);
    const fresh = lines.map((l) => ({ comp: false, name: nameOf(l), lines: [l] }));
    const firstComp = this.entries.findIndex((e) => e.comp);
    const index =
      at >= 0 ? Math.min(at, this.entries.length) : firstComp >= 0 ? firstComp : this.entries.length;
    this.entries.splice(index, 0, ...fresh);
  }

  /** Adds a line after the property's others (another EXDATE). */
  add(line: string): void {
    const name = nameOf(line);
    let at = -1;
    this.entries.forEach((e, i) => {
      if (!e.comp && e.name === name) at = i;
    });
    if (at < 0) this.set(name, [line]);
    else this.entries.splice(at + 1, 0, { comp: false, name, lines: [line] });
  }

  /** Nested components of a name, as their logical lines. */
  components(name: string): Array<{ index: number; lines: string[] }> {
    const out: Array<{ index: number; lines: string[] }> = [];
    this.entries.forEach((e, index) => {
      if (e.comp && e.name === name) out.push({ index, lines: e.lines });
    });
    return out;
  }

  /** Drops nested components by their indexes (from `components`). */
  dropComponents(indexes: readonly number[]): void {
    const drop = new Set(indexes);
    this.entries = this.entries.filter((_, i) => !drop.has(i));
  }

  addComponent(lines: readonly string[]): void {
    this.entries.push({ comp: true, name: nameOf(lines[0]?.slice(6) ?? ''), lines: [...lines] });
  }

  lines(): string[] {
    return ['BEGIN:VEVENT', ...this.entries.flatMap((e) => e.lines), 'END:VEVENT'];
  }
}

/** A whole kept text: the calendar's own lines, its components, the VEVENTs editable. */
export class IcsDoc {
  private constructor(
    private readonly props: string[],
    private parts: Array<RawComponent | VeventLines>,
  ) {}

  static of(text: string): IcsDoc {
    const raw = rawCalendar(text);
    return new IcsDoc(
      raw.props.flatMap((p) => p.split(CRLF)),
      raw.components.map((c) => (c.name === 'VEVENT' ? VeventLines.of(c) : c)),
    );
  }

  /** A new text with the same calendar lines and zones, holding `events`. */
  withEvents(events: readonly VeventLines[]): IcsDoc {
    const others = this.parts.filter((p): p is RawComponent => !(p instanceof VeventLines));
    return new IcsDoc([...this.props], [...others, ...events]);
  }

  events(): VeventLines[] {
    return this.parts.filter((p): p is VeventLines => p instanceof VeventLines);
  }

  /** The event whose RECURRENCE-ID's value is `rid` (ical.js's spelling), or the master for null. */
  event(rid: string | null): VeventLines | undefined {
    return this.events().find((e) => {
      const line = e.props('RECURRENCE-ID')[0];
      if (rid === null) return line === undefined;
      return line !== undefined && lineValueOf(line) === compact(rid);
    });
  }

  addEvent(event: VeventLines): void {
    this.parts.push(event);
  }

  dropEvents(keep: (e: VeventLines) => boolean): void {
    this.parts = this.parts.filter((p) => !(p instanceof VeventLines) || keep(p));
  }

  /** Whether a VTIMEZONE of this TZID is in the text. */
  hasZone(tzid: string): boolean {
    return this.parts.some(
      (p) =>
        !(p instanceof VeventLines) && p.name === 'VTIMEZONE' && p.lines.some((l) => l === `TZID:${tzid}`),
    );
  }

  /** Adds a VTIMEZONE (its text from the tz database) before the events. */
  addZone(text: string): void {
    const lines = text.split(/\r?\n/).filter((l) => l !== '');
    const first = this.parts.findIndex((p) => p instanceof VeventLines);
    this.parts.splice(first < 0 ? this.parts.length : first, 0, { name: 'VTIMEZONE', lines });
  }

  text(): string {
    const body = this.parts.flatMap((p) => (p instanceof VeventLines ? p.lines() : p.lines));
    return rawText(['BEGIN:VCALENDAR', ...this.props, ...body, 'END:VCALENDAR']);
  }
}

/** The value of a logical line (after the first unquoted colon). */
export function lineValueOf(line: string): string {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === ':' && !quoted) return line.slice(i + 1);
  }
  return '';
}

/** The parameter's value of a logical line, or null. */
export function paramOf(line: string, name: string): string | null {
  const head = line.slice(0, line.length - lineValueOf(line).length - 1);
  const m = new RegExp(`;${name}=("[^"]*"|[^;:]*)`, 'i').exec(head);
  return m ? (m[1] as string).replace(/^"|"$/g, '') : null;
}

/** ical.js's '2026-11-30T10:00:00Z' or '2026-11-30' as iCalendar's '20261130T100000Z' / '20261130'. */
export const compact = (t: string) => t.replace(/[-:]/g, '');

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** iCalendar's spelling of a wall time: '20261130' (date) or '20261130T100000'. */
export function icalStamp(wall: number, date: boolean): string {
  const d = new Date(wall);
  const day = `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
  return date ? day : `${day}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

/** How a time property is written. */
export interface TimeForm {
  allDay: boolean;
  /** IANA or the object's own zone name; null: UTC (utc) or floating. */
  tzid: string | null;
  utc: boolean;
}

/** A DTSTART / DTEND / RECURRENCE-ID / EXDATE line of a wall time in a form. */
export function timeLine(name: string, wall: number, form: TimeForm): string {
  if (form.allDay) return `${name};VALUE=DATE:${icalStamp(wall, true)}`;
  if (form.utc) return `${name}:${icalStamp(wall, false)}Z`;
  if (form.tzid) return `${name};TZID=${form.tzid}:${icalStamp(wall, false)}`;
  return `${name}:${icalStamp(wall, false)}`;
}

/** RFC 5545's TEXT escaping. */
export function escapeText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** The UTC stamp of an instant ('20261130T020000Z'). */
export const utcStamp = (at: number) => `${icalStamp(at, false)}Z`;

export const dayStart = (wall: number) => Math.floor(wall / DAY_MS) * DAY_MS;
