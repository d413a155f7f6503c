import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { prefetchRanges, useRange } from '../api/calendar-queries';
import type { Day } from '../dates/days';
import { stepDay, viewRange } from '../dates/nav';
import { byDay } from '../state/by-day';
import type { DayMark, Occurrence } from '../state/model';
import type { CalendarView } from '../state/routes';

/**
 * The range a view shows, its instances by day and its days' marks. Once it is in, the ranges
 * previous / next lead to are read ahead, so a switch paints from the cache.
 */
export function useViewData(view: CalendarView, day: Day) {
  const qc = useQueryClient();
  const range = viewRange(view, day);
  const query = useRange(range.start, range.end);
  const ready = query.data !== undefined && !query.isPlaceholderData;
  useEffect(() => {
    if (!ready || view === 'agenda') return;
    prefetchRanges(qc, [viewRange(view, stepDay(view, day, 1)), viewRange(view, stepDay(view, day, -1))]);
  }, [ready, qc, view, day]);
  const data = query.data;
  const events = useMemo(
    () => (data ? byDay(data.occurrences, range.start, range.end) : new Map<Day, Occurrence[]>()),
    [data, range.start, range.end],
  );
  const marks: Map<Day, DayMark> = data?.marks ?? EMPTY_MARKS;
  return { query, data, events, marks };
}

const EMPTY_MARKS = new Map<Day, DayMark>();
