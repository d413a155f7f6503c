import type ICAL from 'ical.js';
import type { IcalTime } from '../ics/time.js';
import { clockText, DAY_MS, dayOf, dayText, ymdOf } from './days-math.js';
import { lunarDayIn } from './lunar-days.js';
import { instantOf, type Series, type Shown, wallOfTime } from './series.js';
import type { WallClock } from './zone-clock.js';

/** One occurrence of a series. */
export interface Occurrence extends Shown {
  /** The RECURRENCE-ID the instance is known by (in the master's form), null for a single event. */
  ridText: string | null;
  startAt: number;
  endAt: number;
  /** Wall start and end in the event's own placement (days and floating times: the view's). */
  startWall: number;
  endWall: number;
  allDay: boolean;
  /** Placed in the view's zone (a date or floating time), not at an instant of its own. */
  floating: boolean;
  overridden: boolean;
}

// Zone offsets reach 14 hours: walls this far beyond the range may still fall in it.
const MARGIN_MS = 14 * 3_600_000;
// ical.js walks a rule it alone reads from its start; a walk stops after this many instances.
const WALK_MAX = 100_000;

function icalWalk(recur: ICAL.Recur, dtstart: IcalTime, fromDay: number, toDay: number): number[] {
  const out: number[] = [];
  const it = recur.iterator(dtstart);
  let n = 0;
  for (let t = it.next(); t && n < WALK_MAX; t = it.next(), n++) {
    const wall = wallOfTime(t);
    const day = dayOf(wall);
    if (day > toDay) break;
    if (day >= fromDay) out.push(wall);
  }
  return out;
}

function lunarWalls(s: Series, fromDay: number, toDay: number): number[] {
  if (!s.lunar) return [];
  const startDay = dayOf(s.startWall);
  const time = s.startWall - startDay * DAY_MS;
  const out: number[] = [];
  for (let year = ymdOf(fromDay).year - 1; year <= ymdOf(toDay).year; year++) {
    const day = lunarDayIn(s.lunar, year);
    if (day >= startDay && day >= fromDay && day <= toDay) out.push(day * DAY_MS + time);
  }
  return out;
}

/** The wall starts of the series' instances on days around [fromDay, toDay], EXDATEs included. */
function candidateWalls(s: Series, fromDay: number, toDay: number): number[] {
  if (!s.recurring) return [s.startWall];
  // The common case, one rule read by arithmetic: its instances are already in order, unique.
  const only = s.rules.length === 1 && !s.lunar && s.rdates.length === 0 ? s.rules[0]?.compiled : null;
  if (only) {
    const walls = only.between(fromDay, toDay);
    const startDay = dayOf(s.startWall);
    if (startDay >= fromDay && startDay <= toDay && walls[0] !== s.startWall) walls.unshift(s.startWall);
    return walls;
  }
  const walls = new Set<number>();
  if (s.lunar) for (const w of lunarWalls(s, fromDay, toDay)) walls.add(w);
  else {
    const startDay = dayOf(s.startWall);
    if (startDay >= fromDay && startDay <= toDay) walls.add(s.startWall);
    for (const rule of s.rules) {
      const found = rule.compiled
        ? rule.compiled.between(fromDay, toDay)
        : icalWalk(rule.recur, s.dtstart, fromDay, toDay);
      for (const w of found) walls.add(w);
    }
  }
  for (const w of s.rdates) {
    const day = dayOf(w);
    if (day >= fromDay && day <= toDay) walls.add(w);
  }
  return [...walls];
}

function overlaps(start: number, end: number, from: number, to: number): boolean {
  return start < to && (end > from || (end === start && start >= from));
}

/**
 * Every occurrence of a series that overlaps [fromUtc, toUtc): the rule's instances (RRULE,
 * RDATE, lunar yearly) less EXDATEs, with moved or changed instances in place of their originals.
 */
export function expandSeries(s: Series, fromUtc: number, toUtc: number, view: WallClock): Occurrence[] {
  const exact = s.placement.kind !== 'view' && !s.allDay;
  const fromDay = dayOf(fromUtc - MARGIN_MS - Math.max(0, s.length));
  const toDay = dayOf(toUtc + MARGIN_MS);
  const out: Occurrence[] = [];
  for (const wall of candidateWalls(s, fromDay, toDay)) {
    if (s.exdates.has(wall) || s.overrides.has(wall)) continue;
    const startAt = instantOf(wall, s.placement, view);
    const endWall = exact ? wall + s.length : wall + s.length;
    const endAt = exact ? startAt + s.length : instantOf(endWall, s.placement, view);
    if (!overlaps(startAt, endAt, fromUtc, toUtc)) continue;
    out.push({
      ridText: s.recurring ? ridTextOf(s, wall) : null,
      startAt,
      endAt,
      startWall: wall,
      endWall,
      allDay: s.allDay,
      floating: s.placement.kind === 'view',
      overridden: false,
      summary: s.summary,
      location: s.location,
    });
  }
  for (const [key, o] of s.overrides) {
    if (s.exdates.has(key)) continue;
    const oExact = o.placement.kind !== 'view' && !o.allDay;
    const startAt = instantOf(o.startWall, o.placement, view);
    const endAt = oExact ? instantOf(o.endWall, o.placement, view) : instantOf(o.endWall, o.placement, view);
    if (!overlaps(startAt, endAt, fromUtc, toUtc)) continue;
    out.push({
      ridText: o.ridText,
      startAt,
      endAt,
      startWall: o.startWall,
      endWall: o.endWall,
      allDay: o.allDay,
      floating: o.placement.kind === 'view',
      overridden: true,
      summary: o.summary,
      location: o.location,
    });
  }
  return out;
}

/** A RECURRENCE-ID in the master's DTSTART form: a date, a wall clock, or UTC with Z (ical.js's spelling). */
export function ridTextOf(s: Series, wall: number): string {
  const day = Math.floor(wall / DAY_MS);
  if (s.allDay) return dayText(day);
  const time = `${dayText(day)}T${clockText(wall - day * DAY_MS)}`;
  return s.placement.kind === 'utc' ? `${time}Z` : time;
}
