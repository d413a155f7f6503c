/**
 * Business codes of the calendar area that the spec does not number (1009 full reload and 1012
 * nothing to export are the spec's, in `Code`). Bad iCalendar input answers `Code.INVALID`.
 */
export const CalendarCode = {
  /** A write carried a version_code that is no longer the event's: refused, never applied. */
  STALE_VERSION: 1010,
  /** No such event in this account (another account's ids answer the same). */
  NOT_FOUND: 1011,
} as const;
