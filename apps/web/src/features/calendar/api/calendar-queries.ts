import { CALENDAR_POLL_DELAY_MS, CALENDAR_POLL_EVERY_MS, type CalendarRange, Code } from '@phonecloud/shared';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { isApiError } from '../../../api';
import { usePolling } from '../../../components/use-polling';
import type { Day } from '../dates/days';
import type { DayMark, Occurrence } from '../state/model';
import { toDayMark, toOccurrence } from '../state/occurrences';
import { calendarCalls, viewZone } from './calendar-calls';
import { takeOpeningCalendars, takeOpeningRange } from './opening';

export const CALENDAR_KEY = ['calendar'] as const;
const RANGE_KEY = [...CALENDAR_KEY, 'range'] as const;

/** What a view draws of a range: its instances and its days' marks. */
export interface RangeData {
  sync_version: number;
  /** The contacts book's version (the birthdays calendar), changes.do's second anchor. */
  contacts_version: number;
  occurrences: Occurrence[];
  marks: Map<Day, DayMark>;
  truncated: boolean;
}

function read(range: CalendarRange): RangeData {
  const marks = new Map<Day, DayMark>();
  for (const d of range.days) marks.set(d.date, toDayMark(d));
  return {
    sync_version: range.sync_version,
    contacts_version: range.contacts_version,
    occurrences: range.instances.map(toOccurrence),
    marks,
    truncated: range.truncated === 1,
  };
}

export function rangeQuery(start: Day, end: Day) {
  return queryOptions({
    queryKey: [...RANGE_KEY, start, end, viewZone()],
    queryFn: async ({ signal }) =>
      read(await (takeOpeningRange(start, end, viewZone()) ?? calendarCalls.range(start, end, signal))),
    // A range stays true until changes.do says otherwise (the polling below); writes reload it.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });
}

/** A view's range; while the next one loads the previous stays on screen (no blank flash). */
export function useRange(start: Day, end: Day) {
  return useQuery({ ...rangeQuery(start, end), placeholderData: keepPreviousData });
}

/** The ranges previous / next lead to, fetched ahead so that a switch paints at once. */
export function prefetchRanges(qc: QueryClient, ranges: readonly { start: Day; end: Day }[]): void {
  for (const r of ranges) void qc.prefetchQuery(rangeQuery(r.start, r.end));
}

export const calendarsQuery = queryOptions({
  queryKey: [...CALENDAR_KEY, 'calendars'],
  queryFn: () => takeOpeningCalendars() ?? calendarCalls.calendars(),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useCalendars() {
  const { data } = useQuery(calendarsQuery);
  const calendars = data?.calendars ?? [];
  const colors = useMemo(() => new Map(calendars.map((c) => [c.id, c.color])), [calendars]);
  return { calendars, colorOf: (id: string) => colors.get(id) ?? '#3a7bd5' };
}

/** After a write or a change elsewhere: every range read again (those on screen at once). */
export async function reloadRanges(qc: QueryClient): Promise<void> {
  await qc.invalidateQueries({ queryKey: RANGE_KEY });
  // The agenda's pages are made of ranges: read again once those are stale.
  await qc.invalidateQueries({ queryKey: [...CALENDAR_KEY, 'agenda'] });
}

/**
 * What phones and CalDAV clients change shows within the polling interval: changes.do every 8 s
 * (after 5 s, as the other areas), from the sync_version of the newest range read; a change (or
 * 1009, the log no longer reaching back) reads the ranges again. Paused while `busy` (a dialog
 * open, a drag under way) or the page is hidden, so nothing moves under the owner's hand.
 */
export function useCalendarPolling(
  versions: { sync_version: number; contacts_version: number } | undefined,
  busy: () => boolean,
): void {
  const qc = useQueryClient();
  const anchor = useRef(versions);
  if (versions && (!anchor.current || versions.sync_version > anchor.current.sync_version)) {
    anchor.current = { sync_version: versions.sync_version, contacts_version: versions.contacts_version };
  }
  usePolling(
    async () => {
      if (!anchor.current || busy() || document.hidden) return;
      try {
        const poll = await calendarCalls.changes(
          anchor.current.sync_version,
          anchor.current.contacts_version,
        );
        if (poll.changed === 1) {
          anchor.current = { sync_version: poll.sync_version, contacts_version: poll.contacts_version };
          await reloadRanges(qc);
          await qc.invalidateQueries({ queryKey: [...CALENDAR_KEY, 'search'] });
        }
      } catch (error) {
        if (isApiError(error) && error.code === Code.FULL_RELOAD) await reloadRanges(qc);
        else throw error;
      }
    },
    CALENDAR_POLL_DELAY_MS,
    CALENDAR_POLL_EVERY_MS,
  );
}
