import { randomUUID } from 'node:crypto';
import {
  CALENDAR_DEFAULT_TZID,
  CalendarCode,
  CalendarMsg,
  type CalendarSaveResult,
  type CalendarWriteResult,
} from '@phonecloud/shared';
import type { CalendarCreateBody, CalendarDeleteBody, CalendarUpdateBody } from '@phonecloud/shared/api';
import type { z } from 'zod';
import type { AppDeps } from '../../../http/context.js';
import { AppError, invalid } from '../../../http/errors.js';
import { CalendarService } from '../service.js';
import { DAY_MS, parseWall } from './days-math.js';
import { expandSeries } from './expand.js';
import { escapeText, IcsDoc, lineValueOf, timeLine, utcStamp, type VeventLines } from './ics-lines.js';
import {
  nextTiming,
  type Patch,
  readTiming,
  stamp,
  stampWall,
  type Timing,
  writeLunar,
  writeReminders,
  writeRepeat,
  writeText,
  writeTiming,
  zoned,
} from './patch.js';
import { ruleCount, ruleUntil, untilOf } from './repeat.js';
import { type Series, seriesOf } from './series.js';
import { type ViewZone, viewZone } from './zone-clock.js';

type Create = z.output<typeof CalendarCreateBody>;
type Update = z.output<typeof CalendarUpdateBody>;
type Delete = z.output<typeof CalendarDeleteBody>;

const stale = () => new AppError(CalendarCode.STALE_VERSION, CalendarMsg.STALE_VERSION);
const view = () => viewZone(CALENDAR_DEFAULT_TZID) as ViewZone;
/** A zone's clock (the tz database's), for UNTIL and reminders; floating times use the default zone's. */
const clockOf = (tzid: string | null) => (tzid ? (viewZone(tzid) ?? view()) : view());

/** The wall time a RECURRENCE-ID names, in the master's form (a UTC one brought to it). */
function ridWallOf(rid: string, master: Timing): number {
  const wall = parseWall(rid.replace(/Z$/, ''));
  if (wall === null) throw invalid(CalendarMsg.NO_INSTANCE);
  if (rid.endsWith('Z') && master.form.tzid) return clockOf(master.form.tzid).wallOf(wall);
  return wall;
}

/**
 * The portal's writes. Each edits the kept text in place (only the lines it changes are
 * written anew) and goes through the store's put/remove, so phones and CalDAV clients see it at
 * their next sync with a new version, ETag and change-log entry; a deleted event goes to the bin.
 */
export class CalendarWriteService {
  private readonly store: CalendarService;
  constructor(private readonly deps: AppDeps) {
    this.store = new CalendarService(deps);
  }

  async create(userId: number, b: Create): Promise<CalendarSaveResult> {
    const now = this.deps.clock.now();
    const uid = randomUUID();
    const prodid = `-//${this.deps.config.productName}//${CalendarMsg.TITLE}//ZH`;
    const doc = IcsDoc.of(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        `PRODID:${prodid}`,
        'CALSCALE:GREGORIAN',
        'BEGIN:VEVENT',
        `UID:${uid}`,
        `CREATED:${utcStamp(now)}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    const ev = doc.event(null) as VeventLines;
    const blank: Timing = { form: { allDay: false, tzid: b.tzid, utc: false }, startWall: 0, endWall: 0 };
    const t = nextTiming(blank, { ...b, tzid: b.all_day ? undefined : b.tzid }) as Timing;
    writeTiming(doc, ev, t);
    this.applyRest(ev, b, t, true, now);
    if (b.summary === '') ev.set('SUMMARY', [`SUMMARY:${escapeText('')}`]);
    return this.store.put(userId, doc.text(), { versionCode: 0 });
  }

  /** Texts, reminders, repeat and stamps of a patch (the times are written by the caller). */
  private applyRest(ev: VeventLines, p: Patch, t: Timing, master: boolean, now: number) {
    writeText(ev, 'SUMMARY', p.summary);
    writeText(ev, 'LOCATION', p.location);
    writeText(ev, 'DESCRIPTION', p.description);
    const summary =
      p.summary ?? (ev.props('SUMMARY')[0] ? lineValueOf(ev.props('SUMMARY')[0] as string) : '');
    const clock = clockOf(t.form.tzid);
    const startAt = t.form.allDay ? view().utcOf(t.startWall) : clock.utcOf(t.startWall);
    writeReminders(ev, p.reminders, startAt, summary);
    if (master) writeRepeat(ev, p.repeat, t, clock);
    stamp(ev, now);
  }

  /** A patch on one VEVENT: its times when asked, then the rest. */
  private applyPatch(doc: IcsDoc, ev: VeventLines, p: Patch, master: boolean, now: number) {
    const cur = readTiming(ev);
    const t = nextTiming(cur, p);
    if (t) writeTiming(doc, ev, t);
    // A lunar series moved to another day recurs on that day's lunar date.
    if (master && t && p.repeat === undefined && ev.has('X-LUNAR-DATE')) writeLunar(ev, t.startWall);
    this.applyRest(ev, p, t ?? zoned(cur), master, now);
  }

  private async load(userId: number, uid: string, versionCode: number) {
    const row = await this.store.row(userId, uid);
    if (Number(row.version_code) !== versionCode) throw stale();
    const doc = IcsDoc.of(row.ical);
    const master = doc.event(null) ?? doc.events()[0];
    const series = seriesOf(row);
    if (!master || !series) throw invalid(CalendarMsg.BAD_ICS);
    return { row, doc, master, series };
  }

  /** Checks that a series has an instance at `rid` (or had one, moved on its own). */
  private checkInstance(series: Series, rid: string, doc: IcsDoc, ridWall: number) {
    if (doc.event(rid)) return;
    const at = ridWall - 2 * DAY_MS;
    const found = expandSeries(series, at, at + 5 * DAY_MS, view()).some((o) => o.ridText === rid);
    if (!found) throw invalid(CalendarMsg.NO_INSTANCE);
  }

  async update(userId: number, b: Update): Promise<CalendarWriteResult> {
    const now = this.deps.clock.now();
    const { doc, master, series } = await this.load(userId, b.uid, b.version_code);
    const rid = series.recurring ? (b.recurrence_id ?? null) : null;
    const scope = rid === null ? 'all' : b.scope;
    const cur = readTiming(master);
    const ridWall = rid === null ? null : ridWallOf(rid, cur);
    if (rid !== null && ridWall !== null) this.checkInstance(series, rid, doc, ridWall);
    if (scope === 'this' && rid !== null && ridWall !== null) {
      let ev = doc.event(rid);
      if (!ev) {
        ev = this.instanceOf(master, rid, ridWall, cur);
        doc.addEvent(ev);
      }
      this.applyPatch(doc, ev, { ...b.event, repeat: undefined }, false, now);
      return this.saved(await this.store.put(userId, doc.text(), { versionCode: b.version_code }), null);
    }
    if (scope === 'following' && rid !== null && ridWall !== null && ridWall > cur.startWall) {
      if (series.lunar) throw invalid(CalendarMsg.LUNAR_FOLLOWING);
      return this.split(userId, b, doc, master, series, ridWall, now);
    }
    const patch = ridWall === null ? b.event : this.shiftedPatch(b.event, cur, ridWall);
    this.applyPatch(doc, master, patch, true, now);
    return this.saved(await this.store.put(userId, doc.text(), { versionCode: b.version_code }), null);
  }

  /**
   * An instance's new times, said of the whole series: every instance moves by the same shift
   * (the master by the instance's), its length changes by the instance's change.
   */
  private shiftedPatch(p: Patch, cur: Timing, ridWall: number): Patch {
    if (p.start === undefined && p.end === undefined) return p;
    const base = zoned(cur);
    const origStart = cur.form.utc ? view().wallOf(ridWall) : ridWall;
    const origEnd = origStart + (base.endWall - base.startWall);
    const start = p.start !== undefined ? parseWall(p.start) : origStart;
    const end = p.end !== undefined ? parseWall(p.end) : origEnd + ((start ?? origStart) - origStart);
    if (start === null || end === null) throw invalid(CalendarMsg.BAD_TIME);
    const text = (wall: number) => new Date(wall).toISOString().slice(0, 19);
    return {
      ...p,
      start: text(base.startWall + (start - origStart)),
      end: text(base.endWall + (end - origEnd)),
    };
  }

  /** A new VEVENT for one instance of the series (RECURRENCE-ID), the master's lines copied. */
  private instanceOf(master: VeventLines, rid: string, ridWall: number, cur: Timing): VeventLines {
    const ev = master.clone();
    for (const name of ['RRULE', 'RDATE', 'EXDATE', 'EXRULE', 'X-LUNAR-DATE']) ev.set(name, []);
    const form = rid.endsWith('Z') ? { allDay: false, tzid: null, utc: true } : cur.form;
    const wall = rid.endsWith('Z') ? (stampWall(rid.replace(/[-:]/g, '')) ?? ridWall) : ridWall;
    ev.set('RECURRENCE-ID', [timeLine('RECURRENCE-ID', wall, form)]);
    ev.set('DTSTART', [timeLine('DTSTART', ridWall, cur.form)]);
    ev.set('DURATION', []);
    ev.set('DTEND', [timeLine('DTEND', ridWall + (cur.endWall - cur.startWall), cur.form)]);
    return ev;
  }

  /** "This and following": the series ends before the instance, a new one (new UID) starts there. */
  private async split(
    userId: number,
    b: Update,
    doc: IcsDoc,
    master: VeventLines,
    series: Series,
    ridWall: number,
    now: number,
  ): Promise<CalendarWriteResult> {
    const cur = readTiming(master);
    const fresh = master.clone();
    const newUid = randomUUID();
    const rule = master.props('RRULE')[0];
    fresh.set('UID', [`UID:${newUid}`]);
    fresh.set('DTSTART', [timeLine('DTSTART', ridWall, cur.form)]);
    fresh.set('DURATION', []);
    fresh.set('DTEND', [timeLine('DTEND', ridWall + (cur.endWall - cur.startWall), cur.form)]);
    if (rule && /COUNT=/i.test(rule)) {
      const count = Number(/COUNT=(\d+)/i.exec(rule)?.[1] ?? 0);
      const firstAt = view().utcOf(cur.startWall) - 2 * DAY_MS;
      const before =
        expandSeries(series, firstAt, clockOf(cur.form.tzid).utcOf(ridWall), view()).length +
        series.exdates.size;
      fresh.set('RRULE', [`RRULE:${ruleCount(lineValueOf(rule), Math.max(1, count - before))}`]);
    }
    // Instances moved on their own after the cut go with the new series (the one at the cut is
    // replaced by the edit itself).
    const moved = doc
      .events()
      .filter((e) => e !== master && (overrideWall(e) ?? Number.NEGATIVE_INFINITY) > ridWall);
    this.cutBefore(doc, master, ridWall, cur);
    for (const e of moved) e.set('UID', [`UID:${newUid}`]);
    stamp(master, now);
    const next = doc.withEvents([fresh, ...moved]);
    this.applyPatch(next, fresh, b.event, true, now);
    const [old, made] = await this.store.putAll(userId, [
      { ics: doc.text(), opts: { versionCode: b.version_code } },
      { ics: next.text(), opts: { versionCode: 0 } },
    ]);
    return this.saved(old as CalendarSaveResult, (made as CalendarSaveResult).uid);
  }

  /** Ends the master's rule before the instance at `ridWall` (UNTIL; COUNT gives way). */
  private cutBefore(doc: IcsDoc, master: VeventLines, ridWall: number, cur: Timing) {
    const last = cur.form.allDay ? ridWall - DAY_MS : ridWall - 1000;
    const until = untilOf(last, cur.form, clockOf(cur.form.tzid));
    master.set(
      'RRULE',
      master.props('RRULE').map((r) => `RRULE:${ruleUntil(lineValueOf(r), until)}`),
    );
    master.set(
      'RDATE',
      master.props('RDATE').filter((r) => (stampWall(lineValueOf(r).split(',')[0] ?? '') ?? 0) < ridWall),
    );
    doc.dropEvents((e) => e === master || (overrideWall(e) ?? Number.NEGATIVE_INFINITY) < ridWall);
  }

  async remove(userId: number, b: Delete): Promise<CalendarWriteResult> {
    const now = this.deps.clock.now();
    const { doc, master, series } = await this.load(userId, b.uid, b.version_code);
    const rid = series.recurring ? (b.recurrence_id ?? null) : null;
    const cur = readTiming(master);
    const ridWall = rid === null ? null : ridWallOf(rid, cur);
    const whole =
      rid === null ||
      ridWall === null ||
      b.scope === 'all' ||
      (b.scope === 'following' && ridWall <= cur.startWall);
    if (whole) {
      const { sync_version } = await this.store.remove(userId, b.uid, { versionCode: b.version_code });
      return { sync_version, uid: b.uid, version_code: 0, new_uid: null };
    }
    this.checkInstance(series, rid, doc, ridWall);
    if (b.scope === 'this') {
      const form = rid.endsWith('Z') ? { allDay: false, tzid: null, utc: true } : cur.form;
      const wall = rid.endsWith('Z') ? (stampWall(rid.replace(/[-:]/g, '')) ?? ridWall) : ridWall;
      master.add(timeLine('EXDATE', wall, form));
      const moved = doc.event(rid);
      doc.dropEvents((e) => e !== moved);
    } else {
      if (series.lunar) throw invalid(CalendarMsg.LUNAR_FOLLOWING);
      this.cutBefore(doc, master, ridWall, cur);
    }
    stamp(master, now);
    return this.saved(await this.store.put(userId, doc.text(), { versionCode: b.version_code }), null);
  }

  private saved(r: CalendarSaveResult, newUid: string | null): CalendarWriteResult {
    return { sync_version: r.sync_version, uid: r.uid, version_code: r.version_code, new_uid: newUid };
  }
}

/** The wall time of an override's RECURRENCE-ID, or null for the master. */
function overrideWall(e: VeventLines): number | null {
  const line = e.props('RECURRENCE-ID')[0];
  return line ? stampWall(lineValueOf(line)) : null;
}
