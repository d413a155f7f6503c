import { CalendarMsg } from '@phonecloud/shared';
import { memo, type PointerEvent, useRef, useState } from 'react';
import { type Day, daysBetween, monthWeeks, parseDay, sameMonth, WEEKDAY_NAMES } from '../dates/days';
import type { DayMark, Occurrence } from '../state/model';
import { DayMarks } from './DayMarks';

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

interface Held {
  o: Occurrence;
  from: Day;
  x: number;
  y: number;
  pointerId: number;
}

/** The month grid: whole weeks, Monday first, each day with its lunar date, 休/班 and events. */
export const MonthView = memo(function MonthView(props: Props) {
  const { day, today, events, marks, colorOf, chips } = props;
  const weeks = monthWeeks(day);
  const held = useRef<Held | null>(null);
  const [over, setOver] = useState<{ key: string; day: Day } | null>(null);

  const cellAt = (x: number, y: number): Day | null =>
    (document.elementFromPoint(x, y)?.closest('[data-day]') as HTMLElement | null)?.dataset.day ?? null;

  const press = (e: PointerEvent, o: Occurrence, from: Day) => {
    e.stopPropagation();
    if (e.button !== 0) return;
    held.current = { o, from, x: e.clientX, y: e.clientY, pointerId: e.pointerId };
    if (!o.readOnly) (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
  };
  const move = (e: PointerEvent) => {
    const h = held.current;
    if (!h || h.o.readOnly || h.pointerId !== e.pointerId) return;
    if (Math.abs(e.clientX - h.x) + Math.abs(e.clientY - h.y) < 6 && !over) return;
    const target = cellAt(e.clientX, e.clientY);
    if (target) setOver({ key: h.o.key, day: target });
  };
  const release = (e: PointerEvent) => {
    const h = held.current;
    held.current = null;
    const target = over;
    setOver(null);
    if (!h || h.pointerId !== e.pointerId) return;
    if (!target) {
      props.onOpen(h.o);
      return;
    }
    const delta = daysBetween(h.from, target.day);
    if (delta !== 0) props.onMove(h.o, delta);
  };

  return (
    <section className="cal-month" aria-label={CalendarMsg.VIEW_MONTH}>
      <div className="cal-month__head" aria-hidden>
        {WEEKDAY_NAMES.map((name, i) => (
          <div key={name} className={i >= 5 ? 'cal-weekend' : undefined}>
            {name}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div key={week[0]} className="cal-month__week">
          {week.map((d, i) => {
            const list = events.get(d) ?? [];
            const shown = chips > 0 ? list.slice(0, list.length > chips ? chips - 1 : chips) : [];
            const rest = list.length - shown.length;
            const classes = [
              'cal-month__cell',
              sameMonth(d, day) ? '' : 'is-other-month',
              d === today ? 'is-today' : '',
              i >= 5 ? 'cal-weekend' : '',
              over?.day === d ? 'is-drop' : '',
            ];
            return (
              // biome-ignore lint/a11y/noStaticElementInteractions: the whole cell takes a click; its day button does the same by keyboard.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the day button inside is the keyboard's way.
              <div
                key={d}
                data-day={d}
                className={classes.filter(Boolean).join(' ')}
                onClick={() => props.onDay(d)}
              >
                <button
                  type="button"
                  className="cal-month__day"
                  aria-label={dayName(d, marks.get(d), list.length)}
                  onClick={(e) => {
                    e.stopPropagation();
                    props.onDay(d);
                  }}
                >
                  <DayMarks day={d} mark={marks.get(d)} />
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
                    className={`cal-chip${o.allDay ? ' cal-chip--all-day' : ''}${over?.key === o.key ? ' is-dragging' : ''}`}
                    style={{ '--cal-color': colorOf(o.calendarId) } as React.CSSProperties}
                    data-event={o.uid}
                    onPointerDown={(e) => press(e, o, d)}
                    onPointerMove={move}
                    onPointerUp={release}
                    onPointerCancel={() => {
                      held.current = null;
                      setOver(null);
                    }}
                    onClick={(e) => e.stopPropagation()}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.stopPropagation();
                        props.onOpen(o);
                      }
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
          })}
        </div>
      ))}
    </section>
  );
});

/** What a screen reader says of a day's button: 11月28日 初八 休 2 个日程. */
function dayName(day: Day, mark: DayMark | undefined, count: number): string {
  const parts = [parseDay(day).format('M月D日')];
  if (mark) parts.push(mark.special || mark.lunar);
  if (mark?.off) parts.push(CalendarMsg.DAY_OFF);
  if (mark?.work) parts.push(CalendarMsg.DAY_WORK);
  if (count > 0) parts.push(`${count} 个日程`);
  return parts.join(' ');
}
