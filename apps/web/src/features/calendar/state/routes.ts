import { type Day, isValidDay, todayDay } from '../dates/days';

export const VIEWS = ['month', 'week', 'day', 'agenda'] as const;
export type CalendarView = (typeof VIEWS)[number];

/** Hash routes of the area: `/calendar/index` (the default view, today), `/calendar/{view}/{day}`. */
export const CalendarRoute = {
  index: '/calendar/index',
  view: (view: CalendarView, day: Day) => `/calendar/${view}/${day}`,
} as const;

export function isView(value: string | undefined): value is CalendarView {
  return (VIEWS as readonly string[]).includes(value ?? '');
}

/** The view and day an address names; a missing or bad part is the default view, or today. */
export function readRoute(
  view: string | undefined,
  day: string | undefined,
  defaultView: CalendarView,
): { view: CalendarView; day: Day } {
  return {
    view: isView(view) ? view : defaultView,
    day: day && isValidDay(day) ? day : todayDay(),
  };
}
