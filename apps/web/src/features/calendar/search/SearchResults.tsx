import { CALENDAR_ID_DEFAULT, CalendarMsg, type CalendarSearchHit } from '@phonecloud/shared';
import { useQuery } from '@tanstack/react-query';
import { Empty, Spin } from 'antd';
import { useDeferredValue } from 'react';
import { Highlight } from '../../../components/Highlight';
import { calendarCalls } from '../api/calendar-calls';
import { CALENDAR_KEY } from '../api/calendar-queries';
import type { Occurrence } from '../state/model';
import { T } from '../texts';

interface Props {
  query: string;
  colorOf(calendarId: string): string;
  onOpen(o: Occurrence): void;
}

/** The dialog opens a hit as the whole event (its series, for a recurring one). */
function occurrenceOf(hit: CalendarSearchHit): Occurrence {
  return {
    key: hit.uid,
    uid: hit.uid,
    calendarId: hit.calendar_id,
    recurrenceId: null,
    recurring: hit.recurring === 1,
    readOnly: hit.calendar_id !== CALENDAR_ID_DEFAULT,
    title: hit.summary,
    location: hit.location,
    allDay: hit.all_day === 1,
    firstDay: hit.start.slice(0, 10),
    lastDay: hit.end.slice(0, 10),
    start: hit.start,
    end: hit.end,
    lunar: false,
    color: hit.color,
    versionCode: 0,
    tzid: null,
    startAt: 0,
    endAt: 0,
  };
}

function when(hit: CalendarSearchHit): string {
  const date = hit.start.slice(0, 10);
  return hit.all_day === 1 ? `${date} ${CalendarMsg.ALL_DAY}` : `${date} ${hit.start.slice(11, 16)}`;
}

/** Events whose title, place or description hold the query (search.do, as it is typed). */
export function SearchResults({ query, colorOf, onOpen }: Props) {
  const q = useDeferredValue(query.trim());
  const result = useQuery({
    queryKey: [...CALENDAR_KEY, 'search', q],
    queryFn: ({ signal }) => calendarCalls.search(q, signal),
    enabled: q.length > 0,
    staleTime: 0,
  });
  return (
    <section className="cal-search" aria-label={T.searchResults}>
      <h2 className="cal-search__title">
        {T.searchResults}
        {result.data && (
          <span className="cal-search__count">
            {result.data.list.length}
            {result.data.more ? '+' : ''}
          </span>
        )}
      </h2>
      {result.isPending ? (
        <Spin />
      ) : result.data && result.data.list.length === 0 ? (
        <Empty description={CalendarMsg.SEARCH_EMPTY} />
      ) : (
        <ul className="cal-search__list">
          {result.data?.list.map((hit) => (
            <li key={hit.uid}>
              <button
                type="button"
                className="cal-agenda__event"
                data-event={hit.uid}
                style={{ '--cal-color': colorOf(hit.calendar_id) } as React.CSSProperties}
                onClick={() => onOpen(occurrenceOf(hit))}
              >
                <span className="cal-agenda__time">{when(hit)}</span>
                <span className="cal-agenda__text">
                  <span className="cal-agenda__title">
                    <Highlight text={hit.summary || CalendarMsg.NO_TITLE} query={q.toLowerCase()} />
                  </span>
                  {hit.location && (
                    <span className="cal-agenda__place">
                      <Highlight text={hit.location} query={q.toLowerCase()} />
                    </span>
                  )}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
