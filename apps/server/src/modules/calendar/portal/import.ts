import { createHash } from 'node:crypto';
import {
  CALENDAR_IMPORT_MAX_EVENTS,
  type CalendarImportError,
  type CalendarImportResult,
  CalendarMsg,
  calendarImported,
} from '@phonecloud/shared';
import type { AppDeps } from '../../../http/context.js';
import { AppError, invalid } from '../../../http/errors.js';
import { type RawComponent, rawCalendar, rawText } from '../ics/raw.js';
import { readCalendarObject } from '../ics/read.js';
import { CalendarService } from '../service.js';
import { lineValueOf, unfold } from './ics-lines.js';

interface Group {
  uid: string;
  events: RawComponent[];
}

const lineValue = (c: RawComponent, name: string): string | null => {
  const re = new RegExp(`^${name}[;:]`, 'i');
  const i = c.lines.findIndex((l) => re.test(l));
  if (i < 0) return null;
  const folds = [c.lines[i] as string];
  for (let j = i + 1; j < c.lines.length && /^[ \t]/.test(c.lines[j] as string); j++)
    folds.push(c.lines[j] as string);
  return lineValueOf(unfold(folds)).trim();
};

const unescapeText = (s: string) =>
  s.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

/**
 * The VEVENTs of a file grouped by UID (an event and its moved instances are one calendar
 * object). An event without a UID is given one made from its own lines, so importing the same
 * file again finds it again instead of adding it twice.
 */
function groupsOf(components: readonly RawComponent[]): Group[] {
  const byUid = new Map<string, Group>();
  for (const c of components) {
    if (c.name !== 'VEVENT') continue;
    let uid = lineValue(c, 'UID');
    let event = c;
    if (!uid) {
      uid = `import-${createHash('sha1').update(c.lines.join('\n')).digest('hex')}`;
      event = { name: c.name, lines: [c.lines[0] as string, `UID:${uid}`, ...c.lines.slice(1)] };
    }
    const g = byUid.get(uid) ?? { uid, events: [] };
    g.events.push(event);
    byUid.set(uid, g);
  }
  return [...byUid.values()];
}

/** The zones a group's lines name. */
function zonesOf(g: Group): Set<string> {
  const out = new Set<string>();
  for (const e of g.events)
    for (const l of e.lines)
      for (const m of l.matchAll(/;TZID=("[^"]+"|[^;:]+)/gi)) out.add((m[1] as string).replace(/"/g, ''));
  return out;
}

/**
 * `.ics` import beside the export: each UID of the file becomes one stored event, replacing the
 * one of the same UID (a second import of a file changes nothing and duplicates nothing), through
 * the store's writes so phones and CalDAV clients get them. An event the store refuses is listed
 * with its position, UID and the store's Chinese reason; the others are taken.
 */
export class CalendarImportService {
  private readonly store: CalendarService;
  constructor(deps: AppDeps) {
    this.store = new CalendarService(deps);
  }

  async import(userId: number, bytes: Buffer): Promise<CalendarImportResult> {
    if (bytes.length === 0) throw invalid(CalendarMsg.IMPORT_EMPTY);
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw invalid(CalendarMsg.BAD_ICS);
    const raw = rawCalendar(text);
    const groups = groupsOf(raw.components);
    if (groups.length === 0) throw invalid(CalendarMsg.IMPORT_NONE);
    if (groups.length > CALENDAR_IMPORT_MAX_EVENTS) throw invalid(CalendarMsg.IMPORT_TOO_MANY);
    const head = raw.props.flatMap((p) => p.split('\r\n')).filter((l) => !/^METHOD[;:]/i.test(l));
    const zones = raw.components.filter((c) => c.name === 'VTIMEZONE');
    const zoneId = (z: RawComponent) => lineValue(z, 'TZID') ?? '';
    const errors: CalendarImportError[] = [];
    const good: Array<{ uid: string; ics: string }> = [];
    groups.forEach((g, i) => {
      const named = zonesOf(g);
      const ics = rawText([
        'BEGIN:VCALENDAR',
        ...head,
        ...zones.filter((z) => named.has(zoneId(z))).flatMap((z) => z.lines),
        ...g.events.flatMap((e) => e.lines),
        'END:VCALENDAR',
      ]);
      try {
        readCalendarObject(ics);
        good.push({ uid: g.uid, ics });
      } catch (err) {
        const summary = g.events.map((e) => lineValue(e, 'SUMMARY')).find((s) => s !== null) ?? '';
        const reason = err instanceof AppError ? err.message : CalendarMsg.BAD_ICS;
        errors.push({
          index: i + 1,
          uid: g.uid.startsWith('import-') ? '' : g.uid,
          summary: unescapeText(summary),
          reason,
        });
      }
    });
    const kept = await this.store.existingUids(
      userId,
      good.map((g) => g.uid),
    );
    const changed = good.filter((g) => kept.get(g.uid) !== g.ics);
    const updated = changed.filter((g) => kept.has(g.uid)).length;
    const results =
      changed.length > 0
        ? await this.store.putAll(
            userId,
            changed.map((g) => ({ ics: g.ics })),
          )
        : [];
    const created = changed.length - updated;
    return {
      sync_version: results[0]?.sync_version ?? (await this.store.syncVersion(userId)),
      total: groups.length,
      created,
      updated,
      unchanged: good.length - changed.length,
      errors,
      message: calendarImported(created, updated, errors.length),
    };
  }
}
