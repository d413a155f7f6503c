import { CalendarMsg } from '@phonecloud/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button, Empty, Spin } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { rangeQuery } from '../api/calendar-queries';
import { addDays, type Day, parseDay, WEEKDAY_NAMES, weekdayIndex } from '../dates/days';
import { AGENDA_PAGE_DAYS } from '../dates/nav';
import { timeLabel } from '../state/by-day';
import type { DayMark, Occurrence } from '../state/model';
import { type AgendaRow, agendaRows, DAY_ROW_PX, EVENT_ROW_PX } from './agenda-rows';

interface Props {
  day: Day;
  today: Day;
  colorOf(calendarId: string): string;
  onOpen(o: Occurrence): void;
  onDay(day: Day): void;
}

// Before the first measurement: a typical column, so the first paint already has rows.
const FIRST_RECT = { width: 360, height: 720 };

/**
 * The agenda: the days from the one on screen onwards, each with its events, in one scrolling
 * list that reads the next 30 days as its end comes into view (virtualised: a long list keeps
 * only the rows in view in the page).
 */
export function AgendaView({ day, today, colorOf, onOpen, onDay }: Props) {
  const { pages, rows } = useAgendaRows(day, today);
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (rows[i]?.type === 'day' ? DAY_ROW_PX : EVENT_ROW_PX),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 8,
    initialRect: FIRST_RECT,
  });
  const items = virtual.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const pageCount = pages.data?.pages.length ?? 0;
  // Near the end (or a first page with few events): the next 30 days, up to a year ahead.
  useEffect(() => {
    if (!hasNextPage || isFetchingNextPage || pageCount === 0 || pageCount >= 12) return;
    if (lastShown >= rows.length - 5) void fetchNextPage();
  }, [lastShown, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage, pageCount]);

  if (pages.isPending) {
    return (
      <div className="cal-agenda cal-agenda--waiting">
        <Spin />
      </div>
    );
  }
  return (
    <div className="cal-agenda" ref={scroller}>
      {rows.length === 0 && <Empty description="这段时间没有日程" />}
      <ul
        className="cal-agenda__inner"
        aria-label={CalendarMsg.VIEW_AGENDA}
        style={{ height: virtual.getTotalSize() }}
      >
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <li
              key={item.key}
              className={`cal-agenda__slot cal-agenda__slot--${row.type}`}
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
            >
              <AgendaRowView row={row} today={today} colorOf={colorOf} onOpen={onOpen} onDay={onDay} />
            </li>
          );
        })}
      </ul>
      {isFetchingNextPage && (
        <div className="cal-agenda__more">
          <Spin size="small" />
        </div>
      )}
      {!isFetchingNextPage && pageCount >= 12 && (
        <div className="cal-agenda__more">
          <Button onClick={() => onDay(addDays(day, AGENDA_PAGE_DAYS * pageCount))}>查看之后的日程</Button>
        </div>
      )}
    </div>
  );
}

/** The agenda's pages (30 days each, the range queries the other views share) as rows. */
function useAgendaRows(day: Day, today: Day) {
  const pages = useInfiniteQuery({
    queryKey: ['calendar', 'agenda', day],
    initialPageParam: day,
    // Each page is the range query of its 30 days (shared with the other views' cache).
    queryFn: ({ pageParam, client }) =>
      client.fetchQuery(rangeQuery(pageParam, addDays(pageParam, AGENDA_PAGE_DAYS))),
    getNextPageParam: (_last, _all, param) => addDays(param, AGENDA_PAGE_DAYS),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const rows = useMemo(() => {
    const all = pages.data?.pages ?? [];
    const items: Occurrence[] = [];
    const marks = new Map<Day, DayMark>();
    for (const p of all) {
      items.push(...p.occurrences);
      for (const [d, m] of p.marks) marks.set(d, m);
    }
    // An event spanning two pages comes twice: kept once.
    const seen = new Set<string>();
    const unique = items.filter((o) => !seen.has(o.key) && seen.add(o.key));
    const end = addDays(day, AGENDA_PAGE_DAYS * Math.max(1, all.length));
    return agendaRows(unique, marks, day, end, today);
  }, [pages.data, day, today]);

  return { pages, rows };
}

interface RowProps {
  row: AgendaRow;
  today: Day;
  colorOf(calendarId: string): string;
  onOpen(o: Occurrence): void;
  onDay(day: Day): void;
}

/** A day's heading (date, weekday, lunar date, 休/班, the holiday) or one of its events. */
function AgendaRowView({ row, today, colorOf, onOpen, onDay }: RowProps) {
  return row.type === 'day' ? (
    <button
      type="button"
      className={`cal-agenda__day${row.day === today ? ' is-today' : ''}`}
      onClick={() => onDay(row.day)}
    >
      <span className="cal-agenda__date">{parseDay(row.day).format('M月D日')}</span>
      <span>周{WEEKDAY_NAMES[weekdayIndex(row.day)]}</span>
      {row.mark && <span className="cal-agenda__lunar">{row.mark.special || row.mark.lunar}</span>}
      {row.mark?.off && <span className="cal-badge cal-badge--off">{CalendarMsg.DAY_OFF}</span>}
      {row.mark?.work && <span className="cal-badge cal-badge--work">{CalendarMsg.DAY_WORK}</span>}
      {row.mark?.holiday && row.mark.holiday !== row.mark.special && (
        <span className="cal-agenda__holiday">{row.mark.holiday}</span>
      )}
      {row.empty && <span className="cal-agenda__none">没有日程</span>}
    </button>
  ) : (
    <button
      type="button"
      className="cal-agenda__event"
      data-event={row.o.uid}
      style={{ '--cal-color': colorOf(row.o.calendarId) } as React.CSSProperties}
      onClick={() => onOpen(row.o)}
    >
      <span className="cal-agenda__time">{timeLabel(row.o, row.day, CalendarMsg.ALL_DAY)}</span>
      <span className="cal-agenda__text">
        <span className="cal-agenda__title">{row.o.title || CalendarMsg.NO_TITLE}</span>
        {row.o.location && <span className="cal-agenda__place">{row.o.location}</span>}
      </span>
    </button>
  );
}
