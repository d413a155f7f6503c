import type { CalendarView } from '../state/routes';
import {
  addDays,
  type Day,
  dayOf,
  monthWeeks,
  parseDay,
  WEEKDAY_NAMES,
  weekDays,
  weekdayIndex,
} from './days';

/** Days the agenda loads at a time (its first page from the day on screen, then the next ones). */
export const AGENDA_PAGE_DAYS = 30;

/** The day previous / next leads to: a month, a week, a day, or the agenda's page. */
export function stepDay(view: CalendarView, day: Day, direction: 1 | -1): Day {
  if (view === 'month') return dayOf(parseDay(day).add(direction, 'month').startOf('month'));
  if (view === 'week') return addDays(day, 7 * direction);
  if (view === 'day') return addDays(day, direction);
  return addDays(day, AGENDA_PAGE_DAYS * direction);
}

/** The first day and the day after the last that a view shows (what range.do is asked for). */
export function viewRange(view: CalendarView, day: Day): { start: Day; end: Day } {
  if (view === 'month') {
    const weeks = monthWeeks(day);
    const first = weeks[0]?.[0] ?? day;
    const last = weeks.at(-1)?.[6] ?? day;
    return { start: first, end: addDays(last, 1) };
  }
  if (view === 'week') {
    const days = weekDays(day);
    return { start: days[0] ?? day, end: addDays(days[6] ?? day, 1) };
  }
  if (view === 'day') return { start: day, end: addDays(day, 1) };
  return { start: day, end: addDays(day, AGENDA_PAGE_DAYS) };
}

/** The heading of a view: 2026年11月, 11月23日 – 29日, 11月28日 星期六. */
export function viewTitle(view: CalendarView, day: Day): string {
  const d = parseDay(day);
  if (view === 'month') return d.format('YYYY年M月');
  if (view === 'day') return `${d.format('YYYY年M月D日')} 星期${WEEKDAY_NAMES[weekdayIndex(day)]}`;
  if (view === 'agenda') return `${d.format('YYYY年M月D日')} 起`;
  const days = weekDays(day);
  const a = parseDay(days[0] ?? day);
  const b = parseDay(days[6] ?? day);
  if (a.year() !== b.year()) return `${a.format('YYYY年M月D日')} – ${b.format('YYYY年M月D日')}`;
  if (a.month() !== b.month()) return `${a.format('YYYY年M月D日')} – ${b.format('M月D日')}`;
  return `${a.format('YYYY年M月D日')} – ${b.format('D日')}`;
}
