/** Texts of the calendar area: the spec's to the letter, the product's own marked as such. */
export const CalendarMsg = {
  // spec 001 §8
  EXPORT_EMPTY: '暂无日程信息,无导出数据！',
  DOWNLOAD_FAILED: '下载失败，请重试或者刷新！',

  // product texts (the spec leaves these "not shown")
  EXPORT_TITLE: '导出日程',
  EXPORT_HINT: '导出为 iCalendar 格式（.ics），可导入手机或电脑上的日历',
  BAD_ICS: '日程格式不正确，无法读取',
  NO_EVENT: '日程内容为空',
  MANY_UIDS: '一次只能保存一个日程（UID 不一致）',
  TOO_LARGE: '日程内容过大',
  NO_START: '日程缺少开始时间',
  BAD_LUNAR: '农历日期不正确',
  STALE_VERSION: '该日程已在别处被修改，请刷新后重试',
  NOT_FOUND: '日程不存在或已被删除',
  FULL_RELOAD: '日程已更新，请重新加载',
} as const;

/** A time zone the server has no definition of, named by the event (product text). */
export function calendarUnknownZone(tzid: string): string {
  return `未知的时区：${tzid}`;
}
/** The export file's name (product text). */
export function calendarExportFileName(stamp: string): string {
  return `日程_${stamp}.ics`;
}
