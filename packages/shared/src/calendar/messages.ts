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
  BIN_TITLE: '日程回收站',
  BIN_OPEN: '日程回收站',
  BIN_HINT: '手机、日历客户端删除的日程在这里保留 30 天，可以恢复',
  BIN_EMPTY: '回收站中没有日程',
  BIN_RECOVER: '恢复',
  BIN_DELETE: '彻底删除',
  BIN_EMPTY_ALL: '清空回收站',
  BIN_CONFIRM_DELETE: '彻底删除后无法恢复，确定删除吗？',
  BIN_CONFIRM_EMPTY: '清空后回收站中的日程将无法恢复，确定清空吗？',
  BIN_BAD_REQUEST: '请选择要处理的日程',
  ALL_DAY: '全天',
} as const;

/** What recover.do did (product text): how many came back, and how many the calendar has again. */
export function calendarRecovered(recovered: number, kept: number): string {
  return kept > 0
    ? `已恢复 ${recovered} 个日程，${kept} 个日历中已有同一日程，仍在回收站`
    : `已恢复 ${recovered} 个日程`;
}

/** A time zone the server has no definition of, named by the event (product text). */
export function calendarUnknownZone(tzid: string): string {
  return `未知的时区：${tzid}`;
}
/** The export file's name (product text). */
export function calendarExportFileName(stamp: string): string {
  return `日程_${stamp}.ics`;
}
