/** Texts of the calendar screens that the shared CalendarMsg does not hold. */
export const T = {
  calendars: '日历列表',
  openCalendars: '日历和工具',
  closeCalendars: '关闭日历和工具',
  import: '导入日程',
  export: '导出日程',
  exportStarted: '导出文件已开始下载',
  retry: '重新加载',
  loadFailed: '获取日程失败，请重试',
  search: '搜索日程',
  searchResults: '搜索结果',
  closeSearch: '关闭搜索',
  daySheet: '当天日程',
  noEvents: '当天没有日程',
  truncated: '这段时间的日程过多，只显示了一部分',
  views: '视图',
} as const;
