/** Numbers of the calendar area; the spec gives none, so each says why it is what it is. */

/** An export file can be downloaded for this long (as the contacts' and messages' exports). */
export const CALENDAR_EXPORT_KEEP_HOURS = 24;
/** The change log reaches back this many days; an older sync anchor answers 1009. */
export const CALENDAR_LOG_KEEP_DAYS = 30;
/** Largest iCalendar text of one event (with its moved instances) the store takes. */
export const CALENDAR_EVENT_MAX_BYTES = 256 * 1024;
/**
 * A lunar-dated event is exported as the Gregorian dates of its next this-many yearly
 * occurrences (RDATE), since other calendars read no lunar rule.
 */
export const CALENDAR_LUNAR_EXPORT_YEARS = 30;
/** The demo calendar, like the recycle bin's days, is in China Standard Time. */
export const CALENDAR_DEFAULT_TZID = 'Asia/Shanghai';
/** A deleted event stays in the recycle bin this long (as notes' and contacts' bins). */
export const CALENDAR_BIN_KEEP_DAYS = 30;
/** UIDs one recover.do or delete.do may name. */
export const CALENDAR_BIN_IDS_MAX = 1000;

// --- The portal's calendar screens ---

/** Days one range.do or days.do may span: six weeks of a month view, or a quarter of the agenda. */
export const CALENDAR_RANGE_MAX_DAYS = 100;
/** The zone the portal shows days and times in unless the call names another. */
export const CALENDAR_VIEW_TZID = CALENDAR_DEFAULT_TZID;
/** Instances one range.do answers at most; past it `truncated` is 1 (a month with 5,000 events fits). */
export const CALENDAR_RANGE_MAX_INSTANCES = 20_000;
/** The portal polls changes.do this long after a screen opens, then this often (as contacts'). */
export const CALENDAR_POLL_DELAY_MS = 5000;
export const CALENDAR_POLL_EVERY_MS = 8000;
/** Lengths of an event's texts the portal writes (a phone's own may be longer; they are kept). */
export const CALENDAR_SUMMARY_MAX = 500;
export const CALENDAR_LOCATION_MAX = 500;
export const CALENDAR_DESCRIPTION_MAX = 10_000;
/** Reminders one event may have in the dialog, and the earliest: four weeks before. */
export const CALENDAR_REMINDERS_MAX = 5;
export const CALENDAR_REMINDER_MAX_MINUTES = 4 * 7 * 24 * 60;
/** Largest repeat interval (every 99 days / weeks / months / years) and COUNT. */
export const CALENDAR_REPEAT_INTERVAL_MAX = 99;
export const CALENDAR_REPEAT_COUNT_MAX = 999;
/** A search: characters of the query (one Chinese character is enough), and hits answered. */
export const CALENDAR_SEARCH_MAX_CHARS = 50;
export const CALENDAR_SEARCH_LIMIT = 100;
/** An import file: its size, and the events (UIDs) one file may hold. */
export const CALENDAR_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const CALENDAR_IMPORT_MAX_EVENTS = 10_000;
/** Ids of the calendars: the owner's store (phones, CalDAV, the portal) and the contacts' dates. */
export const CALENDAR_ID_DEFAULT = 'default';
export const CALENDAR_ID_BIRTHDAYS = 'birthdays';
/** Colours until the owner picks others ('#RRGGBB'). */
export const CALENDAR_DEFAULT_COLOR = '#3a7bd5';
export const CALENDAR_BIRTHDAYS_COLOR = '#e8743b';
/** The colours the portal offers (any '#RRGGBB' is taken). */
export const CALENDAR_COLORS = [
  '#3a7bd5',
  '#e8743b',
  '#19a979',
  '#ed4a7b',
  '#945ecf',
  '#13a4b4',
  '#d4a017',
  '#6f7c91',
] as const;
/**
 * Years the official holiday table (休 / 班) covers: the State Council's notices as
 * `lunar-typescript` ships them, each year checked by a test against its notice. Other years show
 * lunar dates, terms and festivals only (the package has 2002 on, untested here; 2027's notice
 * was not out when this table was last updated).
 */
export const CALENDAR_HOLIDAY_FIRST_YEAR = 2021;
export const CALENDAR_HOLIDAY_LAST_YEAR = 2026;
