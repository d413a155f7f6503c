/** A date of the Chinese calendar; `leap` marks a leap month (闰月). */
export interface CalendarLunarDate {
  year: number;
  month: number;
  day: number;
  leap: boolean;
}

/** A VALARM of an event: minutes before the start it goes off (negative: after). */
export interface CalendarReminder {
  minutes_before: number;
  /** RFC 5545 ACTION: DISPLAY, AUDIO or EMAIL. */
  action: string;
}

/**
 * When an event or one of its instances is. All-day: `start`/`end` are dates 'YYYY-MM-DD', `end`
 * the day after the last (RFC 5545's exclusive DTEND). Otherwise ISO-8601 wall-clock times
 * 'YYYY-MM-DDTHH:mm:ss' in `tzid`, or in UTC with a trailing 'Z', or floating (no zone, no Z).
 */
export interface CalendarTiming {
  start: string;
  end: string;
  all_day: 0 | 1;
  tzid: string | null;
}

/** One instance of a recurring event moved or changed on its own (RECURRENCE-ID). */
export interface CalendarOverride extends CalendarTiming {
  /** The original start of the instance it replaces, in the master's form. */
  recurrence_id: string;
  summary: string;
  location: string;
  description: string;
}

/** An event as the calendar's API reads it out of the iCalendar text the store keeps. */
export interface CalendarEvent extends CalendarTiming {
  server_id: string;
  /** The book's sync_version the event was last written at; a write must carry it back. */
  version_code: number;
  /** The iCalendar UID as the phone sent it. */
  uid: string;
  summary: string;
  location: string;
  description: string;
  reminders: CalendarReminder[];
  /** RRULE value as received ('FREQ=WEEKLY;BYDAY=MO'), or null. */
  rrule: string | null;
  /** Excluded instances (EXDATE), in the same form as `start`. */
  exdates: string[];
  overrides: CalendarOverride[];
  /** Set when the event recurs by the Chinese calendar (a lunar birthday). */
  lunar: CalendarLunarDate | null;
}

/** What a write to the store answers. */
export interface CalendarSaveResult {
  sync_version: number;
  server_id: string;
  version_code: number;
  uid: string;
}

/** Changes since a sync anchor: events written since, and the UIDs of those deleted. */
export interface CalendarChanges {
  sync_version: number;
  list: CalendarEvent[];
  del: string[];
}

/** An event in the recycle bin, as its list shows it. */
export interface CalendarBinItem {
  uid: string;
  summary: string;
  /** When it starts, in `CalendarTiming`'s forms (a date, a wall clock in `tzid`, UTC with Z, floating). */
  start: string;
  all_day: 0 | 1;
  tzid: string | null;
  /** When it was deleted (UTC ms); it goes for good CALENDAR_BIN_KEEP_DAYS after. */
  delete_time: number;
}

/** recycle_bin/list.do: newest deletion first. */
export interface CalendarBin {
  sync_version: number;
  list: CalendarBinItem[];
}

/** recover.do's answer: `kept` UIDs stay in the bin because the calendar has that UID again. */
export interface CalendarBinRecovered {
  sync_version: number;
  recovered: number;
  kept: string[];
}
