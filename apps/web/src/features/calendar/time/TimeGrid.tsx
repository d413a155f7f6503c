import { CalendarMsg } from '@phonecloud/shared';
import { memo, type PointerEvent as ReactPointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { type Day, WEEKDAY_NAMES, weekdayIndex } from '../dates/days';
import { DayMarks } from '../month/DayMarks';
import { type DayMark, minutesOf, type Occurrence } from '../state/model';
import { type Placed, placeDay } from './layout';
import { type GridDrag, useGridDrag } from './use-grid-drag';

export const HOUR_PX = 48;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

interface Props {
  days: Day[];
  today: Day;
  events: Map<Day, Occurrence[]>;
  marks: Map<Day, DayMark>;
  colorOf(calendarId: string): string;
  onCreate(day: Day, startMin: number, endMin: number): void;
  onCreateAllDay(day: Day): void;
  onOpen(o: Occurrence): void;
  onMove(o: Occurrence, dayDelta: number, minuteDelta: number): void;
  onResize(o: Occurrence, day: Day, endMin: number): void;
  /** Whether a drag is under way (the polling waits for it). */
  onDragging(dragging: boolean): void;
}

/** The minutes of `day` an instance covers (a piece of a multi-day one is clipped to the day). */
function spanOn(o: Occurrence, day: Day) {
  const startMin = o.start.slice(0, 10) < day ? 0 : minutesOf(o.start);
  const endMin = o.end.slice(0, 10) > day ? 24 * 60 : minutesOf(o.end);
  return { startMin, endMin };
}

/** Week and day views: the all-day row above a time grid of hours, a column per day. */
export const TimeGrid = memo(function TimeGrid(props: Props) {
  const { days, today, events, marks, colorOf } = props;
  const grid = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const byKey = useMemo(() => {
    const m = new Map<string, Occurrence>();
    for (const list of events.values()) for (const o of list) m.set(o.key, o);
    return m;
  }, [events]);
  const { drag, pressFree, pressEvent, pressEdge, gridHandlers } = useGridDrag(grid, days.length, HOUR_PX, {
    onCreate: (column, a, b) => props.onCreate(days[column] ?? days[0] ?? '', a, b),
    onOpen: (key) => {
      const o = byKey.get(key);
      if (o) props.onOpen(o);
    },
    onMove: (key, dayDelta, minuteDelta) => {
      const o = byKey.get(key);
      if (o) props.onMove(o, dayDelta, minuteDelta);
    },
    onResize: (key, column, endMin) => {
      const o = byKey.get(key);
      if (o) props.onResize(o, days[column] ?? '', endMin);
    },
  });
  const dragging = drag !== null;
  const { onDragging } = props;
  useEffect(() => onDragging(dragging), [dragging, onDragging]);
  // Opened at the working day's start, as calendars do.
  useEffect(() => {
    scroller.current?.scrollTo({ top: HOUR_PX * 8 });
  }, []);
  const nowMin = useNowMinutes();

  return (
    <div className={`cal-time cal-time--${days.length === 1 ? 'day' : 'week'}`}>
      <GridHead
        days={days}
        today={today}
        events={events}
        marks={marks}
        colorOf={colorOf}
        onCreateAllDay={props.onCreateAllDay}
        onOpen={props.onOpen}
      />
      <div className="cal-time__scroll" ref={scroller}>
        <div className="cal-time__body">
          <div className="cal-time__hours" aria-hidden>
            {HOURS.map((h) => (
              <div key={h} className="cal-time__hour" style={{ height: HOUR_PX }}>
                {h > 0 && <span>{String(h).padStart(2, '0')}:00</span>}
              </div>
            ))}
          </div>
          <div className="cal-time__columns" ref={grid} style={{ height: HOUR_PX * 24 }} {...gridHandlers}>
            {days.map((d, column) => (
              <DayColumn
                key={d}
                day={d}
                today={today}
                items={events.get(d) ?? []}
                nowMin={nowMin}
                drag={drag?.column === column ? drag : null}
                draggedKey={drag && 'key' in drag ? drag.key : null}
                byKey={byKey}
                colorOf={colorOf}
                pressFree={pressFree}
                pressEvent={pressEvent}
                pressEdge={pressEdge}
                onOpen={props.onOpen}
              />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
});

function Ghost({
  drag,
  byKey,
  colorOf,
}: {
  drag: GridDrag;
  byKey: Map<string, Occurrence>;
  colorOf(id: string): string;
}) {
  const o = 'key' in drag ? byKey.get(drag.key) : undefined;
  const time = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return (
    <div
      className={`cal-block cal-block--ghost cal-block--${drag.kind}`}
      style={{
        top: (drag.startMin / 60) * HOUR_PX,
        height: ((drag.endMin - drag.startMin) / 60) * HOUR_PX - 2,
        ['--cal-color' as string]: o ? colorOf(o.calendarId) : undefined,
      }}
    >
      <span className="cal-block__title">{o ? o.title || CalendarMsg.NO_TITLE : CalendarMsg.NEW_EVENT}</span>
      <span className="cal-block__time">
        {time(drag.startMin)}–{time(Math.min(drag.endMin, 24 * 60))}
      </span>
    </div>
  );
}

/** Minutes since today's midnight, renewed every minute (the red line of now). */
function minutesNow(): number {
  const d = new Date();
  return d.getHours() * 60 + d.getMinutes();
}

function useNowMinutes(): number {
  const at = minutesNow;
  const [now, setNow] = useState(at);
  useEffect(() => {
    const t = setInterval(() => setNow(at()), 60_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

interface HeadProps {
  days: Day[];
  today: Day;
  events: Map<Day, Occurrence[]>;
  marks: Map<Day, DayMark>;
  colorOf(calendarId: string): string;
  onCreateAllDay(day: Day): void;
  onOpen(o: Occurrence): void;
}

/** The days' headings (weekday, number, lunar date, 休/班) and the all-day row. */
function GridHead({ days, today, events, marks, colorOf, onCreateAllDay, onOpen }: HeadProps) {
  return (
    <>
      <div className="cal-time__head">
        <div className="cal-time__gutter" />
        {days.map((d) => (
          <div key={d} className={`cal-time__day-head${d === today ? ' is-today' : ''}`}>
            <span className="cal-time__weekday">周{WEEKDAY_NAMES[weekdayIndex(d)]}</span>
            <DayMarks day={d} mark={marks.get(d)} />
          </div>
        ))}
      </div>
      <div className="cal-time__all-day">
        <div className="cal-time__gutter">{CalendarMsg.ALL_DAY}</div>
        {days.map((d) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: 新建日程 in the toolbar does the same by keyboard.
          // biome-ignore lint/a11y/noStaticElementInteractions: a free stretch of the all-day row.
          <div key={d} className="cal-time__all-day-cell" data-day={d} onClick={() => onCreateAllDay(d)}>
            {(events.get(d) ?? [])
              .filter((o) => o.allDay)
              .map((o) => (
                <button
                  type="button"
                  key={o.key}
                  className="cal-chip cal-chip--all-day"
                  style={{ '--cal-color': colorOf(o.calendarId) } as React.CSSProperties}
                  data-event={o.uid}
                  onClick={(e) => {
                    e.stopPropagation();
                    onOpen(o);
                  }}
                >
                  <span className="cal-chip__title">{o.title || CalendarMsg.NO_TITLE}</span>
                </button>
              ))}
          </div>
        ))}
      </div>
    </>
  );
}

type Press = (e: ReactPointerEvent, key: string, startMin: number, endMin: number) => void;

interface ColumnProps {
  day: Day;
  today: Day;
  items: Occurrence[];
  nowMin: number;
  /** The drag drawn in this column, if any; the key of the event being dragged anywhere. */
  drag: GridDrag | null;
  draggedKey: string | null;
  byKey: Map<string, Occurrence>;
  colorOf(calendarId: string): string;
  pressFree(e: ReactPointerEvent): void;
  pressEvent: Press;
  pressEdge: Press;
  onOpen(o: Occurrence): void;
}

/** One day's hours: its timed events side by side where they overlap, and the drag's ghost. */
function DayColumn(props: ColumnProps) {
  const { day, today, items, nowMin, drag, byKey, colorOf } = props;
  return (
    <div
      className={`cal-time__column${day === today ? ' is-today' : ''}`}
      data-day={day}
      onPointerDown={props.pressFree}
    >
      {day === today && <div className="cal-time__now" style={{ top: (nowMin / 60) * HOUR_PX }} />}
      {placeDay(
        items.filter((o) => !o.allDay),
        (o) => spanOn(o, day),
      ).map((p) => (
        <EventBlock
          key={p.item.key}
          placed={p}
          day={day}
          dragged={props.draggedKey === p.item.key}
          colorOf={colorOf}
          pressEvent={props.pressEvent}
          pressEdge={props.pressEdge}
          onOpen={props.onOpen}
        />
      ))}
      {drag && <Ghost drag={drag} byKey={byKey} colorOf={colorOf} />}
    </div>
  );
}

interface BlockProps {
  placed: Placed<Occurrence>;
  day: Day;
  dragged: boolean;
  colorOf(calendarId: string): string;
  pressEvent: Press;
  pressEdge: Press;
  onOpen(o: Occurrence): void;
}

/** A timed event in its column: pressed to move, its bottom edge to change its end. */
function EventBlock({ placed: p, day, dragged, colorOf, pressEvent, pressEdge, onOpen }: BlockProps) {
  const o = p.item;
  const time = `${o.start.slice(11, 16)}–${o.end.slice(11, 16)}`;
  return (
    <button
      type="button"
      aria-label={`${o.title || CalendarMsg.NO_TITLE} ${time}`}
      className={`cal-block${o.readOnly ? ' is-read-only' : ''}${dragged ? ' is-dragging' : ''}`}
      data-event={o.uid}
      style={{
        top: (p.startMin / 60) * HOUR_PX,
        height: ((p.endMin - p.startMin) / 60) * HOUR_PX - 2,
        left: `calc(${(p.column / p.columns) * 100}% + 2px)`,
        width: `calc(${100 / p.columns}% - 4px)`,
        ['--cal-color' as string]: colorOf(o.calendarId),
      }}
      onPointerDown={(e) => (o.readOnly ? e.stopPropagation() : pressEvent(e, o.key, p.startMin, p.endMin))}
      onClick={(e) => {
        // A pointer's click is the drag hook's (press and let go); the keyboard's opens here.
        if (o.readOnly || e.detail === 0) onOpen(o);
      }}
    >
      <span className="cal-block__title">{o.title || CalendarMsg.NO_TITLE}</span>
      <span className="cal-block__time">{time}</span>
      {o.location && <span className="cal-block__place">{o.location}</span>}
      {!o.readOnly && o.end.slice(0, 10) === day && (
        <span
          className="cal-block__edge"
          aria-hidden
          onPointerDown={(e) => pressEdge(e, o.key, p.startMin, p.endMin)}
        />
      )}
    </button>
  );
}
