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

  // The portal's calendar screens (product texts)
  TITLE: '日历',
  DEFAULT_CALENDAR: '我的日历',
  BIRTHDAYS_CALENDAR: '生日和纪念日',
  READ_ONLY: '该日历为只读，请在通讯录中修改',
  NO_TITLE: '（无标题）',
  TODAY: '今天',
  PREV: '上一页',
  NEXT: '下一页',
  JUMP: '跳转到日期',
  VIEW_MONTH: '月',
  VIEW_WEEK: '周',
  VIEW_DAY: '日',
  VIEW_AGENDA: '列表',
  /** A day off of the official table (休) and a working-day swap (补班, shown 班). */
  DAY_OFF: '休',
  DAY_WORK: '班',
  NEW_EVENT: '新建日程',
  EDIT_EVENT: '编辑日程',
  FIELD_TITLE: '标题',
  FIELD_LOCATION: '地点',
  FIELD_DESCRIPTION: '备注',
  FIELD_START: '开始',
  FIELD_END: '结束',
  FIELD_ZONE: '时区',
  FIELD_REMINDERS: '提醒',
  FIELD_REPEAT: '重复',
  FIELD_CALENDAR: '日历',
  REPEAT_NONE: '不重复',
  REPEAT_DAILY: '每天',
  REPEAT_WEEKLY: '每周',
  REPEAT_MONTHLY_DATE: '每月（按日期）',
  REPEAT_MONTHLY_WEEKDAY: '每月（按星期）',
  REPEAT_YEARLY: '每年',
  REPEAT_LUNAR_YEARLY: '每年（农历）',
  REPEAT_UNTIL: '结束于',
  REPEAT_COUNT: '重复次数',
  REPEAT_FOREVER: '永不结束',
  SCOPE_ASK_EDIT: '这是一个重复日程，要修改哪些？',
  SCOPE_ASK_DELETE: '这是一个重复日程，要删除哪些？',
  SCOPE_THIS: '仅此日程',
  SCOPE_FOLLOWING: '此日程及之后的日程',
  SCOPE_ALL: '所有日程',
  CONFIRM_DELETE: '删除后可在日程回收站中恢复，确定删除吗？',
  SAVED: '保存成功',
  DELETED: '删除成功',
  SEARCH_PLACEHOLDER: '搜索日程标题、地点、备注',
  SEARCH_EMPTY: '没有找到相关日程',
  SEARCH_EMPTY_QUERY: '请输入搜索内容',
  IMPORT_TITLE: '导入日程',
  IMPORT_HINT: '选择 iCalendar 格式（.ics）文件，同一 UID 的日程会被更新，不会重复',
  IMPORT_EMPTY: '请选择要导入的 .ics 文件',
  IMPORT_TOO_LARGE: '文件过大，无法导入',
  IMPORT_NONE: '文件中没有日程',
  IMPORT_TOO_MANY: '文件中的日程过多，无法一次导入',
  HIDE_CALENDAR: '隐藏',
  SHOW_CALENDAR: '显示',
  BAD_REQUEST: '请求参数不正确',
  BAD_DATE: '日期格式不正确',
  BAD_RANGE: '日期范围不正确',
  BAD_TIME: '时间格式不正确',
  END_BEFORE_START: '结束时间不能早于开始时间',
  BAD_ZONE: '时区不正确',
  BAD_COLOR: '颜色不正确',
  BAD_REPEAT: '重复规则不正确',
  BAD_REMINDER: '提醒时间不正确',
  BAD_SCOPE: '请选择修改范围',
  NO_INSTANCE: '重复日程中没有这一天的日程',
  SUMMARY_TOO_LONG: '标题过长',
  LOCATION_TOO_LONG: '地点过长',
  DESCRIPTION_TOO_LONG: '备注过长',
  UNKNOWN_CALENDAR: '日历不存在',
  LUNAR_FOLLOWING: '农历重复的日程不能只修改此日程及之后的日程，请选择仅此日程或所有日程',
  NO_HOLIDAY_TABLE: '该年度的法定节假日安排尚未公布',
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

/** The title of a contact's date in the birthdays calendar (product text). */
export function calendarContactDateTitle(
  name: string,
  kind: 'birthday' | 'anniversary' | 'other',
  label = '',
): string {
  if (kind === 'birthday') return `${name}的生日`;
  if (kind === 'anniversary') return `${name}的纪念日`;
  return label ? `${name}的${label}` : `${name}的纪念日`;
}
/** What import.do did (product text). */
export function calendarImported(created: number, updated: number, failed: number): string {
  const parts = [`新增 ${created} 个日程`, `更新 ${updated} 个日程`];
  if (failed > 0) parts.push(`${failed} 个日程导入失败`);
  return parts.join('，');
}
/** A reminder as the dialog lists it (product text): 0 → 日程开始时. */
export function calendarReminderText(minutesBefore: number): string {
  if (minutesBefore === 0) return '日程开始时';
  if (minutesBefore < 0) return `开始后 ${-minutesBefore} 分钟`;
  if (minutesBefore % 1440 === 0) return `提前 ${minutesBefore / 1440} 天`;
  if (minutesBefore % 60 === 0) return `提前 ${minutesBefore / 60} 小时`;
  return `提前 ${minutesBefore} 分钟`;
}
