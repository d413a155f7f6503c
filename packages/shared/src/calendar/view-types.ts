/**
 * Shapes of the portal's calendar calls (the product's own). Days are 'YYYY-MM-DD'; a time the
 * portal shows is a wall clock 'YYYY-MM-DDTHH:mm' in the view's zone (`tz` of the call, default
 * Asia/Shanghai), so the browser places it without a zone table of its own.
 */
import type { CalendarLunarDate, CalendarReminder } from './types.js';

/** One calendar of the sidebar. */
export interface CalendarInfo {
  /** CALENDAR_ID_DEFAULT (the store phones and CalDAV share) or CALENDAR_ID_BIRTHDAYS. */
  id: string;
  name: string;
  /** '#RRGGBB'. */
  color: string;
  /** The birthdays calendar is read out of the contacts: it takes no writes. */
  read_only: 0 | 1;
  /** Hidden calendars' instances are left out of range.do (a stored setting of the owner). */
  hidden: 0 | 1;
}

export interface CalendarList {
  calendars: CalendarInfo[];
}

/** What a day of the views shows beside its number. */
export interface CalendarDayInfo {
  date: string;
  /** The Chinese calendar's day: '初一'..'三十'. */
  lunar_day: string;
  /** Its month: '正月'..'腊月', '闰四月' for a leap month. */
  lunar_month: string;
  /**
   * The one text a month cell shows: the solar term on its day ('清明'), else the month on its
   * first day ('闰四月'), else the day ('十五').
   */
  lunar_text: string;
  /** The solar term (节气) that begins on this day, or null. */
  term: string | null;
  /** A traditional or public festival on the day ('中秋节', '除夕', '元旦'), or null. */
  festival: string | null;
  /** The official holiday this day belongs to (off day or its swap), e.g. '春节', or null. */
  holiday: string | null;
  /**
   * 'off': a day off of the official table (休); 'work': a weekend day worked instead (补班, 班);
   * null: an ordinary day (or a year the table does not cover).
   */
  mark: 'off' | 'work' | null;
}

/** One occurrence of an event between the range's days. */
export interface CalendarInstance {
  /** The event's UID; with `recurrence_id` it names the instance for event.do, update.do, delete.do. */
  uid: string;
  /** The instance's RECURRENCE-ID (its original start, in the form of the master's DTSTART), or null for a single event. */
  recurrence_id: string | null;
  /** 1 when the event repeats (an instance of a series, lunar-yearly included). */
  recurring: 0 | 1;
  /** 1 when this instance was changed on its own (a RECURRENCE-ID override). */
  overridden: 0 | 1;
  all_day: 0 | 1;
  /** All-day: the first day and the day after the last. Else wall clocks in the view's zone. */
  start: string;
  end: string;
  /** UTC ms of start and end (an all-day day or a floating time is read in the view's zone). */
  start_at: number;
  end_at: number;
  /** The event's own zone (TZID), or null for all-day, UTC and floating times. */
  tzid: string | null;
  summary: string;
  location: string;
  calendar_id: string;
  color: string;
  read_only: 0 | 1;
  /** The event's version_code (update.do and delete.do carry it back); 0 for read-only ones. */
  version_code: number;
  /** Set for an event that repeats by the Chinese calendar. */
  lunar: 0 | 1;
}

export interface CalendarDays {
  days: CalendarDayInfo[];
}

export interface CalendarRange extends CalendarDays {
  /** The store's sync_version when read: the anchor of the next changes.do. */
  sync_version: number;
  /** The contacts book's version when read (the birthdays calendar): changes.do's second anchor. */
  contacts_version: number;
  start: string;
  end: string;
  tz: string;
  /** Start order; every instance that overlaps [start, end). */
  instances: CalendarInstance[];
  /** 1 when CALENDAR_RANGE_MAX_INSTANCES were answered and more were left out. */
  truncated: 0 | 1;
}

export type CalendarWeekday = 'MO' | 'TU' | 'WE' | 'TH' | 'FR' | 'SA' | 'SU';

/**
 * A repeat rule in the dialog's terms. The day it repeats on comes from the event's start:
 * monthly 'date' on the start's day of the month, monthly 'weekday' on its nth weekday
 * (`month_week`, -1 the last), yearly on its day, lunar_yearly on its Chinese calendar date.
 */
export interface CalendarRepeat {
  freq: 'daily' | 'weekly' | 'monthly' | 'yearly' | 'lunar_yearly';
  interval: number;
  /** Weekly: the days chosen (empty means the start's weekday). */
  weekdays: CalendarWeekday[];
  /** Monthly: by the date or by the nth weekday. */
  monthly_by: 'date' | 'weekday';
  /** Monthly by weekday: 1-5 or -1 (last); answered, taken from the start when written. */
  month_week: number | null;
  /** Last day an instance may start on (inclusive), or null. */
  until: string | null;
  /** Number of instances, or null. Not both until and count. */
  count: number | null;
}

/** One event (or one instance of a series) as the dialog edits it. */
export interface CalendarEventDetail {
  uid: string;
  version_code: number;
  calendar_id: string;
  read_only: 0 | 1;
  /** The instance asked for, or null for the event (the master) itself. */
  recurrence_id: string | null;
  summary: string;
  location: string;
  description: string;
  all_day: 0 | 1;
  /** All-day: days ('YYYY-MM-DD', end the day after the last). Else wall clocks 'YYYY-MM-DDTHH:mm' in `tzid`. */
  start: string;
  end: string;
  /** The zone the times are in: the event's TZID, or CALENDAR_DEFAULT_TZID for UTC and floating ones. */
  tzid: string;
  reminders: CalendarReminder[];
  repeat: CalendarRepeat | null;
  /**
   * The rule as received ('FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU'), or null. When the dialog's
   * terms cannot say it (`repeat_editable` 0), `repeat` is the nearest and saving without
   * touching `repeat` keeps the rule as it was.
   */
  rrule: string | null;
  repeat_editable: 0 | 1;
  /** The event's Chinese calendar date when it repeats by it. */
  lunar: CalendarLunarDate | null;
  /** The series' first start (the master's), for "this and following" and the dialog's summary. */
  series_start: string | null;
}

/** What update.do and delete.do answer: the event written (a "following" edit also names the new one). */
export interface CalendarWriteResult {
  sync_version: number;
  uid: string;
  /** The event's version_code now; 0 when it was deleted. */
  version_code: number;
  /** A "this and following" edit: the UID of the new series that starts at the instance. */
  new_uid: string | null;
}

export interface CalendarSearchHit {
  uid: string;
  summary: string;
  location: string;
  /** The start of the event (the next instance from today for a series, else its first), in the view's zone. */
  start: string;
  end: string;
  all_day: 0 | 1;
  recurring: 0 | 1;
  calendar_id: string;
  color: string;
}

export interface CalendarSearchResult {
  list: CalendarSearchHit[];
  /** 1 when more than CALENDAR_SEARCH_LIMIT matched. */
  more: 0 | 1;
}

/** changes.do: cheap enough to poll; the view reloads its range when `changed` is 1. */
export interface CalendarPoll {
  sync_version: number;
  /** The contacts book's version now: it moved when a contact's birthday may have changed. */
  contacts_version: number;
  /** 1 when events changed since `sync_version`, or the contacts since `contacts_version`. */
  changed: 0 | 1;
  /** UIDs written since the anchor, and those deleted. */
  uids: string[];
  del: string[];
}

/** One event of an import file that was not taken. */
export interface CalendarImportError {
  /** Its position among the file's events (UIDs), from 1. */
  index: number;
  /** Its UID, or '' when it had none readable. */
  uid: string;
  summary: string;
  /** Why, in Chinese (the store's own texts: CalendarMsg.NO_START...). */
  reason: string;
}

export interface CalendarImportResult {
  sync_version: number;
  /** Events (UIDs) in the file. */
  total: number;
  created: number;
  /** UIDs the calendar had already: replaced by the file's. */
  updated: number;
  /** UIDs whose text was the same as kept: left as they were (no new version). */
  unchanged: number;
  errors: CalendarImportError[];
  /** calendarImported(...) */
  message: string;
}

/** The bodies the web sends, typed from their schemas (`@phonecloud/shared/api`). */
export type {
  CalendarCreate,
  CalendarDelete,
  CalendarPatch,
  CalendarRepeatIn,
  CalendarScopeValue,
  CalendarUpdate,
} from '../api/calendar.js';
