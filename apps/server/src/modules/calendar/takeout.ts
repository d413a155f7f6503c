import { madeEntry, type TakeoutPart } from '../../platform/takeout-part.js';
import { CalendarExportService } from './export.js';
import { CalendarRepo } from './repo.js';
import { CalendarService } from './service.js';

/** The calendar's folder of 导出全部数据: every event in one RFC 5545 file. */
export const calendarTakeout: TakeoutPart = {
  folder: '日程',
  readme: [
    { path: '', text: '日程' },
    {
      path: 'calendar.ics',
      text: '全部日程，iCalendar（.ics，RFC 5545）格式：可导入 Google 日历、Outlook、苹果日历、Thunderbird 或 khal',
    },
  ],
  estimate: (deps, userId) => new CalendarService(deps).usageBytes(userId),
  async *entries(deps, userId, now) {
    if ((await new CalendarRepo(deps.db).count(userId)) === 0) return;
    const exporter = new CalendarExportService(deps);
    yield madeEntry('calendar.ics', new Date(now), () => exporter.ics(userId, now));
  },
};
