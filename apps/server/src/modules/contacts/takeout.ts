import type { TakeoutPart } from '../../platform/takeout-part.js';
import { madeEntry } from '../../platform/takeout-part.js';
import { ContactsRepo } from './repo.js';
import { ContactsService } from './service.js';
import { ExportService } from './vcard/export.js';

/** The contacts' folder of 导出全部数据: the book as vCard 3.0 and as Google's CSV. */
export const contactsTakeout: TakeoutPart = {
  folder: '联系人',
  readme: [
    { path: '', text: '通讯录（回收站中的联系人不包含在内）' },
    {
      path: 'contacts.vcf',
      text: '全部联系人，vCard 3.0 格式（含头像）：可导入手机通讯录、Outlook、Thunderbird、macOS 通讯录或 khard',
    },
    {
      path: 'contacts-google.csv',
      text: '全部联系人，Google 通讯录 CSV 格式（UTF-8）：可在 Google 通讯录“导入”或用 Excel 打开',
    },
  ],
  async estimate(deps, userId) {
    // The vCard and the CSV: about twice what the book takes.
    return 2 * (await new ContactsService(deps).usageBytes(userId));
  },
  async *entries(deps, userId, now) {
    const exporter = new ExportService(deps);
    if ((await new ContactsRepo(deps.db).countAlive(userId)) === 0) return;
    const mtime = new Date(now);
    yield madeEntry('contacts.vcf', mtime, () => exporter.bookVcards(userId));
    yield madeEntry('contacts-google.csv', mtime, async function* () {
      const csv = await exporter.bookCsv(userId, 'google');
      if (csv) yield csv;
    });
  },
};
