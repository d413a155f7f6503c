/** Every HTTP path of the calendar area (spec 001 §7, plus the product's own calls). */
export const CalendarApi = {
  /** POST, no fields: answers `data.filePath` of an `.ics` file of the whole calendar, or 1012. */
  export: '/calendar/export_calendar_data.do',
  /** GET `${exportFile}/<id>`: the `filePath` export_calendar_data.do answers, as an attachment. */
  exportFile: '/calendar/export/file',
  /**
   * The recycle bin (the product's; the spec has none for the calendar): GET list.do answers
   * `CalendarBin`; POST recover.do and delete.do take `{ uids }`, empty.do nothing.
   */
  binList: '/calendar/recycle_bin/list.do',
  binRecover: '/calendar/recycle_bin/recover.do',
  binDelete: '/calendar/recycle_bin/delete.do',
  binEmpty: '/calendar/recycle_bin/empty.do',

  // --- The portal's calendar screens (the product's own; behind the `calendar` gate, 6001 → /calendar.check) ---

  /** GET: the calendars (the owner's and the contacts' birthdays) with colour and hidden: `CalendarList`. */
  calendars: '/calendar/calendars.do',
  /** POST JSON `CalendarSettingBody` {calendar_id, color?, hidden?}: answers the new `CalendarList`. */
  calendarSetting: '/calendar/calendar_setting.do',
  /**
   * GET `CalendarRangeQuery` {start, end, tz?}: the instances of the visible calendars between
   * two days (recurrences expanded) and the day info of every day: `CalendarRange`.
   */
  range: '/calendar/range.do',
  /** GET `CalendarDaysQuery` {start, end}: the day info alone (a date picker's lunar days): `CalendarDays`. */
  days: '/calendar/days.do',
  /** GET `CalendarEventQuery` {uid, recurrence_id?}: one event (or one instance) for the dialog: `CalendarEventDetail`. */
  event: '/calendar/event.do',
  /** POST JSON `CalendarCreateBody`: answers `CalendarSaveResult`. */
  create: '/calendar/event/create.do',
  /**
   * POST JSON `CalendarUpdateBody` {uid, version_code, recurrence_id?, scope, event (changed fields
   * only)}: answers `CalendarWriteResult`. 1010 when version_code is not the event's now.
   */
  update: '/calendar/event/update.do',
  /** POST JSON `CalendarDeleteBody` {uid, version_code, recurrence_id?, scope}: answers `CalendarWriteResult`; a whole event goes to the bin. */
  delete: '/calendar/event/delete.do',
  /** GET `CalendarSearchQuery` {q, limit?}: events whose title, place or description hold q: `CalendarSearchResult`. */
  search: '/calendar/search.do',
  /**
   * GET `CalendarChangesQuery` {sync_version, contacts_version?}: what changed since (the portal's polling, every
   * CALENDAR_POLL_EVERY_MS): `CalendarPoll`; 1009 when the anchor is older than the log.
   */
  changes: '/calendar/changes.do',
  /** POST multipart, one `.ics` file in field `file`: events merged by UID: `CalendarImportResult`. */
  import: '/calendar/import.do',
} as const;
