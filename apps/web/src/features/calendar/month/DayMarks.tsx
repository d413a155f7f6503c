import { CalendarMsg } from '@phonecloud/shared';
import { type Day, parseDay } from '../dates/days';
import type { DayMark } from '../state/model';

/** A day's number, its lunar date (or term, festival) and the official 休 / 班 mark. */
export function DayMarks({
  day,
  mark,
  full = false,
}: {
  day: Day;
  mark: DayMark | undefined;
  full?: boolean;
}) {
  const d = parseDay(day);
  const special = mark?.special || mark?.holiday;
  return (
    <span className="cal-day-marks">
      <span className="cal-day-marks__num">{full ? d.format('M月D日') : d.date()}</span>
      {mark && (
        <span
          className={`cal-day-marks__lunar${special ? ' is-special' : ''}`}
          title={mark.holiday || undefined}
        >
          {special || mark.lunar}
        </span>
      )}
      {mark?.off && (
        <span className="cal-badge cal-badge--off" title={mark.holiday ? `${mark.holiday} 休` : undefined}>
          {CalendarMsg.DAY_OFF}
        </span>
      )}
      {mark?.work && <span className="cal-badge cal-badge--work">{CalendarMsg.DAY_WORK}</span>}
    </span>
  );
}
