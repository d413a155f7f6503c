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
