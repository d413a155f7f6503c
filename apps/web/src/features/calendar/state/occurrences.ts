import type { CalendarDayInfo, CalendarInstance } from '@phonecloud/shared';
import { addDays, type Day } from '../dates/days';
import type { DayMark, Occurrence } from './model';

/** The instance range.do answers, as the views draw it. */
export function toOccurrence(i: CalendarInstance): Occurrence {
  const allDay = i.all_day === 1;
  const start = i.start.slice(0, 16);
  const end = i.end.slice(0, 16);
  let lastDay: Day;
  if (allDay) lastDay = addDays(i.end.slice(0, 10), -1);
  else {
    // A timed event ending at midnight ends on the day before.
    lastDay = end.slice(11, 16) === '00:00' && end > start ? addDays(end.slice(0, 10), -1) : end.slice(0, 10);
  }
  const firstDay = i.start.slice(0, 10);
  return {
    key: `${i.uid}|${i.recurrence_id ?? ''}`,
    uid: i.uid,
    calendarId: i.calendar_id,
    recurrenceId: i.recurrence_id,
    recurring: i.recurring === 1,
    readOnly: i.read_only === 1,
    title: i.summary,
    location: i.location,
    allDay,
    firstDay,
    lastDay: lastDay < firstDay ? firstDay : lastDay,
    start,
    end,
    lunar: i.lunar === 1,
    color: i.color,
    versionCode: i.version_code,
    tzid: i.tzid,
    startAt: i.start_at,
    endAt: i.end_at,
  };
}

export function toDayMark(d: CalendarDayInfo): DayMark {
  return {
    lunar: d.lunar_text,
    special: d.festival ?? (d.term ? d.term : ''),
    off: d.mark === 'off',
    work: d.mark === 'work',
    holiday: d.holiday ?? '',
  };
}
