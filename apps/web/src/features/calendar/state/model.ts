import type { Day } from '../dates/days';

/**
 * One instance of an event on screen, as the views draw it: a single event, or one occurrence of
 * a recurring one (its `recurrenceId` names it to the server). Timed instances carry minutes of
 * the view's zone; all-day ones cover whole days.
 */
export interface Occurrence {
  /** Unique on screen: the UID and the occurrence. */
  key: string;
  uid: string;
  calendarId: string;
  /** The occurrence's original start, for a recurring event; null for a single event. */
  recurrenceId: string | null;
  recurring: boolean;
  readOnly: boolean;
  title: string;
  location: string;
  allDay: boolean;
  /** First and last day it covers (inclusive), in the view's zone. */
  firstDay: Day;
  lastDay: Day;
  /** Timed: start and end as wall clock of the view's zone, 'YYYY-MM-DDTHH:mm'. */
  start: string;
  end: string;
  /** Lunar-yearly (a lunar birthday). */
  lunar: boolean;
  color: string;
  /** The event's version_code, carried back by a write. */
  versionCode: number;
  /** The event's own zone, and its start and end as UTC ms (a drag shifts those). */
  tzid: string | null;
  startAt: number;
  endAt: number;
}

/** What the calendar knows of a day: the lunar date and the official calendar's marks. */
export interface DayMark {
  /** 初一…三十, or the month's name on its first day (腊月). */
  lunar: string;
  /** A solar term (清明) or a festival (春节) shown instead of the lunar day. */
  special: string;
  /** A public holiday's day off (休) or a working-day swap (班). */
  off: boolean;
  work: boolean;
  holiday: string;
}

/** Minutes of a wall clock 'YYYY-MM-DDTHH:mm' from its day's midnight. */
export function minutesOf(wall: string): number {
  const h = Number(wall.slice(11, 13));
  const m = Number(wall.slice(14, 16));
  return h * 60 + m;
}

export function dayOfWall(wall: string): Day {
  return wall.slice(0, 10);
}
