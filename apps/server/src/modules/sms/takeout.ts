import { madeEntry, type TakeoutPart } from '../../platform/takeout-part.js';
import { SmsExportService } from './backup/export.js';
import { SmsRepo } from './repo.js';
import { SmsService } from './service.js';

/** The messages' folder of 导出全部数据: the whole box as one SMS Backup & Restore file. */
export const smsTakeout: TakeoutPart = {
  folder: '短信',
  readme: [
    { path: '', text: '短信和彩信' },
    {
      path: 'sms-backup.xml',
      text: '全部短信和彩信（彩信图片以 Base64 内嵌），SMS Backup & Restore 的 XML 格式：可用安卓应用 SMS Backup & Restore 恢复到手机（本站管理员也可用它导回账号）',
    },
  ],
  estimate: (deps, userId) => new SmsService(deps).usageBytes(userId),
  async *entries(deps, userId, now) {
    const count = await new SmsRepo(deps.db).countMessages(userId);
    if (count === 0) return;
    const exporter = new SmsExportService(deps);
    yield madeEntry('sms-backup.xml', new Date(now), () => exporter.xml(userId, count, now));
  },
};
