/** Every HTTP path of the calendar area (spec 001 §7, plus the download the spec leaves open). */
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
} as const;
