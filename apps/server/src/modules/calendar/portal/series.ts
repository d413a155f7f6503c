import type { CalendarLunarDate } from '@phonecloud/shared';
import ICAL from 'ical.js';
import { lunarOfKey } from '../ics/lunar.js';
import { type IcalComponent, type IcalProperty, type IcalTime, isTime, isUtc, tzidOf } from '../ics/time.js';
import { isIanaZone, ZoneResolver } from '../ics/zones.js';
import { DAY_MS } from './days-math.js';
import { type CompiledRule, compileRule } from './recur-days.js';
import { IcalZoneClock, UTC_CLOCK, viewZone, type WallClock } from './zone-clock.js';

/** How a time of the event is placed: in its zone, in UTC, or in the view's zone (dates, floating). */
export type Placement = { kind: 'zone'; clock: WallClock } | { kind: 'utc' } | { kind: 'view' };

/** One VEVENT's own fields as an instance shows them. */
export interface Shown {
  summary: string;
  location: string;
}

/** An instance changed on its own (RECURRENCE-ID). */
export interface Override extends Shown {
  /** The instance it replaces: its RECURRENCE-ID as text, and its wall start in the master's placement. */
  ridText: string;
  startWall: number;
  endWall: number;
  allDay: boolean;
  placement: Placement;
}

/** A stored event made ready for expansion: parsed once, kept while its version lasts. */
export interface Series extends Shown {
  uid: string;
  versionCode: number;
  allDay: boolean;
  tzid: string | null;
  placement: Placement;
  startWall: number;
  /** Length of an instance: wall ms for all-day and floating events, exact ms otherwise. */
  length: number;
  rules: Array<{ compiled: CompiledRule | null; recur: ICAL.Recur }>;
  dtstart: IcalTime;
  /** RDATE wall times in the master's placement. */
  rdates: number[];
  /** Keys (see `keyOf`) of the instances EXDATE leaves out. */
  exdates: Set<number>;
  overrides: Map<number, Override>;
  lunar: CalendarLunarDate | null;
  recurring: boolean;
}

export const wallOfTime = (t: IcalTime) => Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);

function placementOf(prop: IcalProperty, time: IcalTime, zones: ZoneResolver): Placement {
  if (time.isDate) return { kind: 'view' };
  if (isUtc(time)) return { kind: 'utc' };
  const tzid = tzidOf(prop);
  if (!tzid) return { kind: 'view' };
  // A tz database name is placed by the runtime's tz database, one clock per zone shared by every
  // series (its offsets memoised); only a zone the phone alone defines goes through ical.js.
  const iana = isIanaZone(tzid) ? viewZone(tzid) : null;
  if (iana) return { kind: 'zone', clock: iana };
  const zone = zones.zone(tzid);
  return zone ? { kind: 'zone', clock: new IcalZoneClock(zone) } : { kind: 'view' };
}

/** An instant for a wall time; dates and floating times by the view's clock. */
export function instantOf(wall: number, placement: Placement, view: WallClock): number {
  if (placement.kind === 'utc') return wall;
  if (placement.kind === 'zone') return placement.clock.utcOf(wall);
  return view.utcOf(wall);
}

/**
 * The key an instance is known by: its wall start in the master's placement, rounded to the
 * minute. A RECURRENCE-ID or EXDATE written in another zone (UTC for a zoned series) is brought
 * to the master's wall clock first.
 */
function keyOfTime(t: IcalTime, prop: IcalProperty, master: Placement, zones: ZoneResolver): number {
  const wall = wallOfTime(t);
  if (t.isDate || master.kind === 'view') return wall;
  const own = placementOf(prop, t, zones);
  const instant = own.kind === 'utc' ? wall : own.kind === 'zone' ? own.clock.utcOf(wall) : wall;
  if (master.kind === 'utc') return instant;
  // Back to the master's wall clock: the offset at that instant, read from the zone's clock.
  const guess = instant + (instant - master.clock.utcOf(instant));
  return guess + (instant - master.clock.utcOf(guess));
}

function text(e: IcalComponent, name: string): string {
  const v = e.getFirstPropertyValue(name);
  return typeof v === 'string' ? v : '';
}

function spanWalls(
  e: IcalComponent,
): { start: number; end: number; allDay: boolean; prop: IcalProperty; time: IcalTime } | null {
  const prop = e.getFirstProperty('dtstart');
  const time = prop?.getFirstValue();
  if (!prop || !isTime(time)) return null;
  const start = wallOfTime(time);
  const endTime = e.getFirstPropertyValue('dtend');
  let end: number;
  if (isTime(endTime)) end = wallOfTime(endTime);
  else {
    const duration = e.getFirstPropertyValue('duration');
    end =
      duration instanceof ICAL.Duration
        ? start + duration.toSeconds() * 1000
        : time.isDate
          ? start + DAY_MS
          : start;
  }
  return { start, end: Math.max(start, end), allDay: time.isDate, prop, time };
}

/** UNTIL as a wall time of the master's clock. */
function untilWall(recur: ICAL.Recur, placement: Placement): number | null {
  const until = recur.until;
  if (!until) return null;
  const wall = wallOfTime(until);
  if (until.isDate) return wall + DAY_MS - 1;
  if (!isUtc(until) || placement.kind !== 'zone') return wall;
  const guess = wall + (wall - placement.clock.utcOf(wall));
  return guess + (wall - placement.clock.utcOf(guess));
}

/** Parses the kept text of a stored event into what expansion needs. */
export function seriesOf(row: {
  uid: string;
  version_code: number;
  ical: string;
  lunar: string | null;
}): Series | null {
  const calendar = new ICAL.Component(ICAL.parse(row.ical) as unknown[]);
  const zones = new ZoneResolver(calendar);
  const events = calendar.getAllSubcomponents('vevent');
  const master = events.find((e) => !e.hasProperty('recurrence-id')) ?? events[0];
  if (!master) return null;
  const span = spanWalls(master);
  if (!span) return null;
  const placement = placementOf(span.prop, span.time, zones);
  const exact = placement.kind !== 'view' && !span.allDay;
  const length = exact
    ? instantOf(span.end, placement, UTC_CLOCK) - instantOf(span.start, placement, UTC_CLOCK)
    : span.end - span.start;
  const rules = master.getAllProperties('rrule').flatMap((p) => {
    const recur = p.getFirstValue();
    // An RSCALE rule (RFC 7529) is another calendar's: the lunar date stands for it.
    if (!(recur instanceof ICAL.Recur) || /RSCALE=/i.test(p.toICALString())) return [];
    return [{ compiled: compileRule(recur, span.start, untilWall(recur, placement)), recur }];
  });
  const keyed = (name: string) =>
    master
      .getAllProperties(name)
      .flatMap((p) => p.getValues().flatMap((v) => (isTime(v) ? [keyOfTime(v, p, placement, zones)] : [])));
  const overrides = new Map<number, Override>();
  for (const e of events) {
    if (e === master) continue;
    const ridProp = e.getFirstProperty('recurrence-id');
    const rid = ridProp?.getFirstValue();
    const own = spanWalls(e);
    if (!ridProp || !isTime(rid) || !own) continue;
    overrides.set(keyOfTime(rid, ridProp, placement, zones), {
      ridText: rid.toString(),
      startWall: own.start,
      endWall: own.end,
      allDay: own.allDay,
      placement: placementOf(own.prop, own.time, zones),
      summary: text(e, 'summary'),
      location: text(e, 'location'),
    });
  }
  const lunar = row.lunar ? lunarOfKey(row.lunar) : null;
  const rdates = keyed('rdate');
  return {
    uid: row.uid,
    versionCode: Number(row.version_code),
    summary: text(master, 'summary'),
    location: text(master, 'location'),
    allDay: span.allDay,
    tzid: tzidOf(span.prop),
    placement,
    startWall: span.start,
    length,
    rules,
    dtstart: span.time,
    rdates,
    exdates: new Set(keyed('exdate')),
    overrides,
    lunar,
    recurring: lunar !== null || rules.length > 0 || rdates.length > 0,
  };
}

// Parsed series are kept by user, row and version: a month view re-read parses nothing.
const CACHE_MAX = 20_000;
const cache = new Map<string, Series | null>();

/** The kept series of a row's version, or undefined when it was not parsed yet. */
export function seriesKept(
  userId: number,
  row: { id: number; version_code: number },
): Series | null | undefined {
  return cache.get(`${userId}:${row.id}:${row.version_code}`);
}

export function cachedSeries(
  userId: number,
  row: { id: number; uid: string; version_code: number; ical: string; lunar: string | null },
): Series | null {
  const key = `${userId}:${row.id}:${row.version_code}`;
  let hit = cache.get(key);
  if (hit === undefined) {
    hit = seriesOf(row);
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(key, hit);
  }
  return hit;
}
