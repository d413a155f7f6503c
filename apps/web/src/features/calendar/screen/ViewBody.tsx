import { Button, Result, Spin } from 'antd';
import { AgendaView } from '../agenda/AgendaView';
import { type Day, weekDays } from '../dates/days';
import { MonthView } from '../month/MonthView';
import { SearchResults } from '../search/SearchResults';
import type { Occurrence } from '../state/model';
import type { CalendarView } from '../state/routes';
import type { useWrites } from '../state/use-writes';
import { T } from '../texts';
import { TimeGrid } from '../time/TimeGrid';
import type { useViewData } from './use-view-data';

export interface ViewActions {
  openNew(startDay: Day, startMin: number, endDay: Day, endMin: number, allDay: boolean): void;
  open(o: Occurrence): void;
  openSheet(day: Day): void;
  go(view: CalendarView, day: Day): void;
  onDragging(dragging: boolean): void;
  writes: ReturnType<typeof useWrites>;
}

interface Props {
  view: CalendarView;
  day: Day;
  today: Day;
  narrow: boolean;
  query: string;
  colorOf(calendarId: string): string;
  data: ReturnType<typeof useViewData>;
  act: ViewActions;
}

/** What the screen's body shows: the search's hits while a query is typed, else the view. */
export function ViewBody({ view, day, today, narrow, query, colorOf, data, act }: Props) {
  if (query.trim()) return <SearchResults query={query} colorOf={colorOf} onOpen={act.open} />;
  if (view === 'agenda') {
    return (
      <AgendaView
        day={day}
        today={today}
        colorOf={colorOf}
        onOpen={act.open}
        onDay={(d) => act.go('day', d)}
      />
    );
  }
  if (!data.data) {
    return data.query.isError ? (
      <Result
        status="warning"
        title={T.loadFailed}
        extra={<Button onClick={() => void data.query.refetch()}>{T.retry}</Button>}
      />
    ) : (
      <div className="cal-waiting">
        <Spin />
      </div>
    );
  }
  if (view === 'month') {
    return (
      <MonthView
        day={day}
        today={today}
        events={data.events}
        marks={data.marks}
        colorOf={colorOf}
        chips={narrow ? 0 : 3}
        onDay={(d) => (narrow ? act.openSheet(d) : act.openNew(d, 9 * 60, d, 10 * 60, false))}
        onMore={act.openSheet}
        onOpen={act.open}
        onMove={(o, delta) => void act.writes.move(o, delta, 0)}
      />
    );
  }
  return (
    <TimeGrid
      days={view === 'week' ? weekDays(day) : [day]}
      today={today}
      events={data.events}
      marks={data.marks}
      colorOf={colorOf}
      onCreate={(d, a, b) => act.openNew(d, a, d, b, false)}
      onCreateAllDay={(d) => act.openNew(d, 0, d, 0, true)}
      onOpen={act.open}
      onMove={(o, dd, dm) => void act.writes.move(o, dd, dm)}
      onResize={(o, d, end) => void act.writes.resize(o, d, end)}
      onDragging={act.onDragging}
    />
  );
}
