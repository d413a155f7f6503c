import { addDays, type Day } from '../dates/days';
import type { Occurrence } from './model';

/** All-day first, then by start time, then title: the order a day lists its events in. */
export function compareOccurrences(a: Occurrence, b: Occurrence): number {
  if (a.allDay !== b.allDay) return a.allDay ? -1 : 1;
  if (a.allDay && a.firstDay !== b.firstDay) return a.firstDay < b.firstDay ? -1 : 1;
  if (!a.allDay && a.start !== b.start) return a.start < b.start ? -1 : 1;
  return a.title.localeCompare(b.title, 'zh-CN');
}

/** The instances of each day they cover, sorted; days outside [from, to) are left out. */
export function byDay(items: readonly Occurrence[], from: Day, to: Day): Map<Day, Occurrence[]> {
  const out = new Map<Day, Occurrence[]>();
  for (const o of items) {
    let day = o.firstDay < from ? from : o.firstDay;
    for (let guard = 0; day <= o.lastDay && day < to && guard < 400; guard++) {
      const list = out.get(day);
      if (list) list.push(o);
      else out.set(day, [o]);
      day = addDays(day, 1);
    }
  }
  for (const list of out.values()) list.sort(compareOccurrences);
  return out;
}

/** The time an instance shows in a list: 全天, or its start (and end on the same day). */
export function timeLabel(o: Occurrence, day: Day, allDayText: string): string {
  if (o.allDay) return allDayText;
  const startsToday = o.start.slice(0, 10) === day;
  const endsToday = o.end.slice(0, 10) === day;
  if (startsToday && endsToday) return `${o.start.slice(11, 16)}–${o.end.slice(11, 16)}`;
  if (startsToday) return `${o.start.slice(11, 16)} 起`;
  if (endsToday) return `至 ${o.end.slice(11, 16)}`;
  return allDayText;
}
