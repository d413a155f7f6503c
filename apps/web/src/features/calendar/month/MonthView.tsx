import { CalendarMsg } from '@phonecloud/shared';
import { memo } from 'react';
import { type Day, monthWeeks, parseDay, sameMonth, WEEKDAY_NAMES } from '../dates/days';
import type { DayMark, Occurrence } from '../state/model';
import { DayMarks } from './DayMarks';
import { useMonthDrag } from './use-month-drag';

interface Props {
  day: Day;
  today: Day;
  events: Map<Day, Occurrence[]>;
  marks: Map<Day, DayMark>;
  colorOf(calendarId: string): string;
  /** Events a cell lists before "+n"; 0 draws dots only (a phone's width). */
  chips: number;
  onDay(day: Day): void;
  onMore(day: Day): void;
  onOpen(o: Occurrence): void;
  onMove(o: Occurrence, dayDelta: number): void;
}

/** The month grid: whole weeks, Monday first, each day with its lunar date, 休/班 and events. */
export const MonthView = memo(function MonthView(props: Props) {
  const { day, events, marks } = props;
  const drag = useMonthDrag(props.onOpen, props.onMove);
  return (
    <section className="cal-month" aria-label={CalendarMsg.VIEW_MONTH}>
      <div className="cal-month__head" aria-hidden>
        {WEEKDAY_NAMES.map((name, i) => (
          <div key={name} className={i >= 5 ? 'cal-weekend' : undefined}>
            {name}
          </div>
        ))}
      </div>
      {monthWeeks(day).map((week) => (
        <div key={week[0]} className="cal-month__week">
          {week.map((d, i) => (
            <MonthCell
              {...props}
              key={d}
              day={d}
              weekend={i >= 5}
              inMonth={sameMonth(d, day)}
              list={events.get(d) ?? []}
              mark={marks.get(d)}
              drop={drag.over?.day === d}
              draggedKey={drag.over?.key ?? null}
              handlers={drag.handlers}
            />
          ))}
        </div>
      ))}
    </section>
  );
});

interface CellProps extends Omit<Props, 'day' | 'events' | 'marks'> {
  day: Day;
  weekend: boolean;
  inMonth: boolean;
  list: Occurrence[];
  mark: DayMark | undefined;
  drop: boolean;
  draggedKey: string | null;
  handlers: ReturnType<typeof useMonthDrag>['handlers'];
}

/** A day of the month: its marks, its first events (or dots on a phone) and "还有 n 个". */
function MonthCell(props: CellProps) {
  const { day: d, list, mark, chips, colorOf } = props;
  const shown = chips > 0 ? list.slice(0, list.length > chips ? chips - 1 : chips) : [];
  const rest = list.length - shown.length;
  const classes = [
    'cal-month__cell',
    props.inMonth ? '' : 'is-other-month',
    d === props.today ? 'is-today' : '',
    props.weekend ? 'cal-weekend' : '',
    props.drop ? 'is-drop' : '',
  ];
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the whole cell takes a click; its day button does the same by keyboard.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the day button inside is the keyboard's way.
    <div data-day={d} className={classes.filter(Boolean).join(' ')} onClick={() => props.onDay(d)}>
      <button
        type="button"
        className="cal-month__day"
        aria-label={dayName(d, mark, list.length)}
        onClick={(e) => {
          e.stopPropagation();
          props.onDay(d);
        }}
      >
        <DayMarks day={d} mark={mark} />
      </button>
      {chips === 0 && list.length > 0 && (
        <span className="cal-month__dots" aria-hidden>
          {list.slice(0, 4).map((o) => (
            <i key={o.key} style={{ background: colorOf(o.calendarId) }} />
          ))}
        </span>
      )}
      {shown.map((o) => (
        <button
          type="button"
          key={o.key}
          className={`cal-chip${o.allDay ? ' cal-chip--all-day' : ''}${props.draggedKey === o.key ? ' is-dragging' : ''}`}
          style={{ '--cal-color': colorOf(o.calendarId) } as React.CSSProperties}
          data-event={o.uid}
          {...props.handlers(o, d)}
          onClick={(e) => {
            e.stopPropagation();
            // A pointer's click is the drag's (press and let go); the keyboard's opens here.
            if (e.detail === 0) props.onOpen(o);
          }}
        >
          {!o.allDay && <span className="cal-chip__time">{o.start.slice(11, 16)}</span>}
          <span className="cal-chip__title">{o.title || CalendarMsg.NO_TITLE}</span>
        </button>
      ))}
      {chips > 0 && rest > 0 && (
        <button
          type="button"
          className="cal-more"
          onClick={(e) => {
            e.stopPropagation();
            props.onMore(d);
          }}
        >
          还有 {rest} 个
        </button>
      )}
    </div>
  );
}

/** What a screen reader says of a day's button: 11月28日 初八 休 2 个日程. */
function dayName(day: Day, mark: DayMark | undefined, count: number): string {
  const parts = [parseDay(day).format('M月D日')];
  if (mark) parts.push(mark.special || mark.lunar);
  if (mark?.off) parts.push(CalendarMsg.DAY_OFF);
  if (mark?.work) parts.push(CalendarMsg.DAY_WORK);
  if (count > 0) parts.push(`${count} 个日程`);
  return parts.join(' ');
}
