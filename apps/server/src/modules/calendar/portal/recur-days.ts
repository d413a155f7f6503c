import type ICAL from 'ical.js';
import { DAY_MS, dayNumber, dayOf, monthDays, weekdayIndex, weekdayOf, ymdOf } from './days-math.js';

/** The instances of one RRULE between two days, as wall times of the event's zone. */
export interface CompiledRule {
  /** Wall starts of the instances that start on a day in [fromDay, toDay], in order. */
  between(fromDay: number, toDay: number): number[];
}

type Freq = 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
interface ByDay {
  /** 0: every such weekday; 1..5 or -1..-5: the nth of the month. */
  n: number;
  weekday: number;
}
interface Plan {
  freq: Freq;
  start: { year: number; month: number; day: number };
  /** No BYxxx filter at all: each period has exactly its one default day. */
  plain: boolean;
  /** Weekly: the days' offsets from the week's start, in order. */
  weekOffsets: number[];
  interval: number;
  count: number | null;
  untilWall: number | null;
  startDay: number;
  timeMs: number;
  byDay: ByDay[];
  byMonthDay: number[];
  byMonth: number[];
  /** Week start: 0 Sunday .. 6 Saturday. */
  wkst: number;
}

const FREQS = new Set(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);
const PARTS = new Set(['BYDAY', 'BYMONTHDAY', 'BYMONTH']);
// A rule whose periods keep coming up empty (BYMONTHDAY=31;BYMONTH=2) is given up after this many.
const EMPTY_PERIODS_MAX = 2000;

function byDays(values: readonly unknown[]): ByDay[] | null {
  const out: ByDay[] = [];
  for (const v of values) {
    const m = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(String(v));
    if (!m) return null;
    const n = m[1] ? Number(m[1]) : 0;
    if (n < -5 || n > 5) return null;
    out.push({ n, weekday: weekdayIndex(m[2] as string) });
  }
  return out;
}

const numbers = (values: readonly unknown[] | undefined) => (values ?? []).map(Number);

/**
 * The plan of a rule this module expands by arithmetic: FREQ DAILY, WEEKLY, MONTHLY or YEARLY
 * with INTERVAL, COUNT, UNTIL, WKST and BYDAY / BYMONTHDAY / BYMONTH in the combinations phones
 * and the portal's dialog write. Anything else (BYSETPOS, BYWEEKNO, BYHOUR, a yearly nth weekday
 * of the year...) answers null and is walked by ical.js's own iterator instead.
 */
function planOf(recur: ICAL.Recur, startWall: number, untilWall: number | null): Plan | null {
  if (!FREQS.has(recur.freq)) return null;
  const parts = recur.parts as Record<string, unknown[]>;
  for (const key of Object.keys(parts)) if (!PARTS.has(key) && (parts[key]?.length ?? 0) > 0) return null;
  const byDay = byDays(parts.BYDAY ?? []);
  if (!byDay) return null;
  const freq = recur.freq as Freq;
  const byMonthDay = numbers(parts.BYMONTHDAY);
  const byMonth = numbers(parts.BYMONTH);
  const ordinals = byDay.some((b) => b.n !== 0);
  if ((freq === 'DAILY' || freq === 'WEEKLY') && ordinals) return null;
  if (freq === 'WEEKLY' && byMonthDay.length > 0) return null;
  if (freq === 'YEARLY' && byDay.length > 0 && byMonth.length === 0) return null;
  if (byMonthDay.some((d) => d === 0 || d < -31 || d > 31) || byMonth.some((m) => m < 1 || m > 12))
    return null;
  const startDay = dayOf(startWall);
  const wkst = ((recur.wkst || 2) - 1) % 7;
  const weekdays = byDay.length > 0 ? byDay.map((b) => b.weekday) : [weekdayOf(startDay)];
  return {
    freq,
    start: ymdOf(startDay),
    plain: byDay.length === 0 && byMonthDay.length === 0 && byMonth.length === 0,
    weekOffsets: [...new Set(weekdays.map((w) => (w - wkst + 7) % 7))].sort((a, b) => a - b),
    interval: Math.max(1, recur.interval || 1),
    count: recur.count ? Number(recur.count) : null,
    untilWall,
    startDay,
    timeMs: startWall - startDay * DAY_MS,
    byDay,
    byMonthDay,
    byMonth,
    // ical.js numbers weekdays 1 (Sunday) .. 7.
    wkst,
  };
}

/** The days of one month a MONTHLY or YEARLY rule picks. */
function monthPicks(plan: Plan, year: number, month: number): number[] {
  const len = monthDays(year, month);
  const first = dayNumber(year, month, 1);
  let doms: number[];
  if (plan.byDay.length > 0) {
    const set = new Set<number>();
    const firstWeekday = weekdayOf(first);
    for (const b of plan.byDay) {
      const firstDom = 1 + ((b.weekday - firstWeekday + 7) % 7);
      if (b.n === 0) for (let d = firstDom; d <= len; d += 7) set.add(d);
      else if (b.n > 0) set.add(firstDom + (b.n - 1) * 7);
      else {
        const lastDom = firstDom + Math.floor((len - firstDom) / 7) * 7;
        set.add(lastDom + (b.n + 1) * 7);
      }
    }
    doms = [...set].filter((d) => d >= 1 && d <= len);
    if (plan.byMonthDay.length > 0) {
      doms = doms.filter((d) => plan.byMonthDay.some((md) => (md > 0 ? md : len + md + 1) === d));
    }
  } else if (plan.byMonthDay.length > 0) {
    doms = plan.byMonthDay.map((md) => (md > 0 ? md : len + md + 1)).filter((d) => d >= 1 && d <= len);
  } else {
    doms = plan.start.day <= len ? [plan.start.day] : [];
  }
  return [...new Set(doms)].sort((a, b) => a - b).map((d) => first + d - 1);
}

function weekStartOf(plan: Plan, day: number): number {
  return day - ((weekdayOf(day) - plan.wkst + 7) % 7);
}

/** The candidate days of period p (the p-th step of INTERVAL from the start's period). */
function periodDays(plan: Plan, p: number): number[] {
  const start = plan.start;
  switch (plan.freq) {
    case 'DAILY': {
      const day = plan.startDay + p * plan.interval;
      if (plan.plain) return [day];
      const { month, day: dom } = ymdOf(day);
      if (plan.byMonth.length > 0 && !plan.byMonth.includes(month)) return [];
      if (plan.byDay.length > 0 && !plan.byDay.some((b) => b.weekday === weekdayOf(day))) return [];
      if (plan.byMonthDay.length > 0) {
        const len = monthDays(ymdOf(day).year, month);
        if (!plan.byMonthDay.some((md) => (md > 0 ? md : len + md + 1) === dom)) return [];
      }
      return [day];
    }
    case 'WEEKLY': {
      const ws = weekStartOf(plan, plan.startDay) + p * plan.interval * 7;
      const days = plan.weekOffsets.map((o) => ws + o);
      return plan.byMonth.length === 0 ? days : days.filter((d) => plan.byMonth.includes(ymdOf(d).month));
    }
    case 'MONTHLY': {
      const index = start.year * 12 + start.month - 1 + p * plan.interval;
      const year = Math.floor(index / 12);
      const month = (index % 12) + 1;
      if (plan.byMonth.length > 0 && !plan.byMonth.includes(month)) return [];
      return monthPicks(plan, year, month);
    }
    case 'YEARLY': {
      const year = start.year + p * plan.interval;
      const months = plan.byMonth.length > 0 ? [...plan.byMonth].sort((a, b) => a - b) : [start.month];
      return months.flatMap((m) => monthPicks(plan, year, m));
    }
  }
}

/** The period a day falls in, counted in INTERVAL steps from the start's (may be negative). */
function periodOf(plan: Plan, day: number): number {
  const start = plan.start;
  const at = ymdOf(day);
  switch (plan.freq) {
    case 'DAILY':
      return Math.floor((day - plan.startDay) / plan.interval);
    case 'WEEKLY':
      return Math.floor((day - weekStartOf(plan, plan.startDay)) / (7 * plan.interval));
    case 'MONTHLY':
      return Math.floor((at.year * 12 + at.month - (start.year * 12 + start.month)) / plan.interval);
    case 'YEARLY':
      return Math.floor((at.year - start.year) / plan.interval);
  }
}

function expandPlan(plan: Plan, fromDay: number, toDay: number): number[] {
  const out: number[] = [];
  // Without COUNT nothing before the range needs counting: start one period before it.
  let p = plan.count === null ? Math.max(0, periodOf(plan, fromDay) - 1) : 0;
  let seen = 0;
  let empty = 0;
  for (;;) {
    const days = periodDays(plan, p++);
    if (days.length === 0 && ++empty > EMPTY_PERIODS_MAX) return out;
    if (days.length > 0) empty = 0;
    for (const day of days) {
      if (day < plan.startDay) continue;
      const wall = day * DAY_MS + plan.timeMs;
      if (plan.untilWall !== null && wall > plan.untilWall) return out;
      if (plan.count !== null && ++seen > plan.count) return out;
      if (day > toDay) return out;
      if (day >= fromDay) out.push(wall);
    }
  }
}

/** The first instance of a plan: a rule whose DTSTART it does not pick is left to ical.js. */
function firstDay(plan: Plan): number | null {
  for (let p = 0; p < 400; p++) {
    const day = periodDays(plan, p).find((d) => d >= plan.startDay);
    if (day !== undefined) return day;
  }
  return null;
}

/**
 * Compiles a rule for arithmetic expansion, or null when it is one ical.js must walk. `untilWall`
 * is UNTIL as a wall time of the event's zone.
 */
export function compileRule(
  recur: ICAL.Recur,
  startWall: number,
  untilWall: number | null,
): CompiledRule | null {
  const plan = planOf(recur, startWall, untilWall);
  if (!plan || firstDay(plan) !== plan.startDay) return null;
  return { between: (fromDay, toDay) => expandPlan(plan, fromDay, toDay) };
}
