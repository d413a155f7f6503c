import { addDays, type Day } from '../dates/days';
import { byDay } from '../state/by-day';
import type { DayMark, Occurrence } from '../state/model';

export type AgendaRow =
  | { type: 'day'; key: string; day: Day; mark: DayMark | undefined; empty: boolean }
  | { type: 'event'; key: string; day: Day; o: Occurrence };

export const DAY_ROW_PX = 40;
export const EVENT_ROW_PX = 64;

/**
 * The agenda's rows from `from` to `to` (exclusive): each day that has events, its heading then
 * its events; `today` keeps its heading when it has none, so the list shows where today is.
 */
export function agendaRows(
  items: readonly Occurrence[],
  marks: Map<Day, DayMark>,
  from: Day,
  to: Day,
  today: Day,
): AgendaRow[] {
  const days = byDay(items, from, to);
  const rows: AgendaRow[] = [];
  for (let d = from; d < to; d = addDays(d, 1)) {
    const list = days.get(d);
    if (!list && d !== today) continue;
    rows.push({ type: 'day', key: `d${d}`, day: d, mark: marks.get(d), empty: !list });
    for (const o of list ?? []) rows.push({ type: 'event', key: `${d}|${o.key}`, day: d, o });
  }
  return rows;
}
