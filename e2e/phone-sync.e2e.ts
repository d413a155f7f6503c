import { readFileSync } from 'node:fs';
import { CalendarMsg, SyncMsg, syncBannerText } from '@phonecloud/shared';
import type { Page } from '@playwright/test';
import { saveContact } from './support/contacts';
import { findAccount } from './support/find';
import { expect, shot, signIn, test } from './support/fixtures';
import { boxCard } from './support/notes';
import {
  calendarFile,
  type SyncPhone,
  smsEntry,
  smsFile,
  startSyncPhone,
  vcard,
  vevent,
} from './support/phone-sync';
import { expectNoSidewaysScroll, expectTouchSize } from './support/screen';
import { passSmsGate, rowOf } from './support/sms';

/**
 * Phone sync end to end: the phone client (apps/phone, `phone sync --every 2`) runs as its own
 * process on a folder of files, and the portal shows what it syncs within its polling period
 * (contacts and messages poll every 8 s after 5 s; the notes screen reads its list at the same
 * period; the calendar shows through its export). Then the phone deletes its whole book: the
 * mass-deletion guard holds it, the banner asks, refuse brings the book back to the phone, apply
 * empties it.
 */
const phones: SyncPhone[] = [];
test.afterEach(async () => {
  for (const p of phones.splice(0)) await p.proc.stop();
});

const BOOK = 60;
const DEVICE = 'Xiaomi Redmi Note 13';
/** The portal's poll period and its first delay, with room for a loaded machine. */
const WITHIN_POLL = 20_000;

const book = () =>
  Array.from({ length: BOOK }, (_, i) =>
    vcard(`card-${i}`, `同步联系人${String(i).padStart(2, '0')}`, `1390000${String(i).padStart(4, '0')}`),
  ).join('');

const allContacts = (page: Page, n: number) =>
  expect(page.getByRole('button', { name: new RegExp(`全部联系人\\s*${n}$`) })).toBeVisible({
    timeout: WITHIN_POLL,
  });

test('the phone syncs a contact, a message, a note and an event; the mass-deletion banner refuses and applies', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  page.setDefaultTimeout(20_000);
  const account = findAccount('ps');
  const t0 = Date.UTC(2026, 10, 20, 2, 0, 0);
  const phone = await startSyncPhone(baseURL ?? '', account, {
    'contacts.vcf': book(),
    'sms.xml': smsFile([smsEntry('13911112222', '第一条短信', t0)]),
    'notes/购物清单.md': '---\ntitle: 购物清单\n---\n鸡蛋\n\n- [ ] 牛奶\n',
    'calendar.ics': calendarFile([vevent('ev-1', '部门例会', '20261201T090000', '20261201T100000')]),
  });
  phones.push(phone);
  expect(phone.proc.output).toContain(`联系人：已上传 新增 ${BOOK} 条`);
  expect(phone.proc.output).toContain('短信：已上传 新增 1 条');
  expect(phone.proc.output).toContain('便签：已上传 新增 1 条');
  expect(phone.proc.output).toContain('日程：已上传 新增 1 条');
  // The note file got its cloud id.
  expect(phone.read('notes/购物清单.md')).toMatch(/^---\nid: "[^"]+"\ntitle: "购物清单"/);

  await signIn(page, account.username, account.password);
  // The phone signed in by SMS within the minute: the gate takes the e-mail code.
  await passSmsGate(page, 'email', { to: account.email });
  await expect(rowOf(page, '13911112222')).toContainText('第一条短信');

  // A message arrives on the phone: the open list shows it within its polling period.
  let mark = phone.mark;
  phone.write(
    'sms.xml',
    smsFile([
      smsEntry('13911112222', '第一条短信', t0),
      smsEntry('+86 139-1111-2222', '晚上七点见', t0 + 60_000),
    ]),
  );
  await phone.waitFor('短信：已上传 新增 1 条', mark);
  await expect(rowOf(page, '13911112222')).toContainText('晚上七点见', { timeout: WITHIN_POLL });
  await shot(page, 'phone-sync-01-sms');

  // A contact changed on the phone.
  await page.goto('/#/contact/index');
  await expect(page.locator('.contacts')).toHaveAttribute('aria-busy', 'false');
  await allContacts(page, BOOK);
  // The book is longer than the window: the search keeps the renamed card in view.
  const search = page.getByLabel('搜索联系人');
  await search.fill('王小明');
  await expect(page.locator('.contact-row')).toHaveCount(0);
  mark = phone.mark;
  phone.write('contacts.vcf', phone.read('contacts.vcf').replace('FN:同步联系人07', 'FN:王小明'));
  await phone.waitFor('联系人：已上传 修改 1 条', mark);
  await expect(page.locator('.contact-row').filter({ hasText: '王小明' })).toBeVisible({
    timeout: WITHIN_POLL,
  });
  await shot(page, 'phone-sync-02-contact');
  await search.fill('');

  // A contact added in the portal (its save.do; the editor is the contacts tests' subject)
  // reaches the phone's file at its next round.
  await saveContact(page, '网页新建联系人', ['13700001234']);
  await expect
    .poll(() => phone.read('contacts.vcf'), { timeout: WITHIN_POLL })
    .toContain('FN:网页新建联系人');
  await allContacts(page, BOOK + 1);

  // A note edited on the phone.
  await page.goto('/#/note/index');
  await expect(page.locator('.notes')).toHaveAttribute('aria-busy', 'false');
  await expect(boxCard(page, '购物清单')).toContainText('鸡蛋');
  mark = phone.mark;
  phone.write('notes/购物清单.md', phone.read('notes/购物清单.md').replace('鸡蛋', '鸡蛋和面包'));
  await phone.waitFor('便签：已上传 修改 1 条', mark);
  await expect(boxCard(page, '购物清单')).toContainText('鸡蛋和面包', { timeout: WITHIN_POLL });
  await shot(page, 'phone-sync-03-note');

  // An event added on the phone: the calendar shows through its export (the contacts' dialog).
  mark = phone.mark;
  phone.write(
    'calendar.ics',
    phone
      .read('calendar.ics')
      .replace(
        'END:VCALENDAR',
        `${vevent('ev-2', '牙医复诊', '20261203T150000', '20261203T160000').trimEnd()}\r\nEND:VCALENDAR`,
      ),
  );
  await phone.waitFor('日程：已上传 新增 1 条', mark);
  await page.goto('/#/contact/index');
  await expect(page.locator('.contacts')).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('button', { name: /导入\/导出/ }).click();
  await page.getByRole('menuitem', { name: '导出联系人' }).click();
  const io = page.getByRole('dialog', { name: '导入/导出通讯录' });
  const calendarCard = io.getByRole('region', { name: CalendarMsg.EXPORT_TITLE });
  const download = page.waitForEvent('download');
  await calendarCard.getByRole('button', { name: CalendarMsg.EXPORT_TITLE }).click();
  const ics = readFileSync((await (await download).path()) ?? '', 'utf8');
  expect(ics).toContain('SUMMARY:牙医复诊');
  expect(ics).toContain('SUMMARY:部门例会');
  await page.keyboard.press('Escape');
  await expect(io).toBeHidden();

  // The phone is reset: its book is empty. The guard holds the sync and the banner asks.
  mark = phone.mark;
  phone.write('contacts.vcf', '');
  await phone.waitFor(SyncMsg.HELD, mark);
  const banner = page.locator('.sync-held[data-area="contacts"] .sync-held__item');
  const text = syncBannerText(DEVICE, BOOK + 1, BOOK + 1);
  await expect(banner).toContainText(text, { timeout: WITHIN_POLL });
  await allContacts(page, BOOK + 1);
  await shot(page, 'phone-sync-04-banner');

  // Refuse: nothing is deleted, and the phone gets its book back from the cloud.
  mark = phone.mark;
  await banner.getByRole('button', { name: SyncMsg.BANNER_REFUSE }).click();
  await expect(page.getByText(SyncMsg.REFUSED_DONE)).toBeVisible();
  await expect(banner).toHaveCount(0);
  await phone.waitFor(`联系人：${SyncMsg.REFUSED}`, mark);
  await phone.waitFor('同步完成', phone.mark);
  expect(phone.read('contacts.vcf').match(/BEGIN:VCARD/g)).toHaveLength(BOOK + 1);
  expect(phone.read('contacts.vcf')).toContain('王小明');
  await allContacts(page, BOOK + 1);

  // Reset again, and this time the owner applies it.
  mark = phone.mark;
  phone.write('contacts.vcf', '');
  await phone.waitFor(SyncMsg.HELD, mark);
  await expect(banner).toContainText(SyncMsg.BANNER.slice(0, 3), { timeout: WITHIN_POLL });

  // The banner on a phone's screen: no sideways scroll, thumb-sized buttons.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(banner).toBeVisible();
  await expectNoSidewaysScroll(page, 'the contacts screen with the banner at 375 px');
  await expectTouchSize(
    banner.getByRole('button', { name: SyncMsg.BANNER_APPLY }),
    'the banner’s apply button',
  );
  await expectTouchSize(
    banner.getByRole('button', { name: SyncMsg.BANNER_REFUSE }),
    'the banner’s refuse button',
  );
  await shot(page, 'phone-sync-05-banner-375');
  await page.setViewportSize({ width: 1440, height: 900 });

  mark = phone.mark;
  await banner.getByRole('button', { name: SyncMsg.BANNER_APPLY }).click();
  await expect(page.getByText(SyncMsg.APPLIED)).toBeVisible();
  await expect(banner).toHaveCount(0);
  await allContacts(page, 0);
  // The phone's resend is answered with the applied result.
  await phone.waitFor(`联系人：已上传 删除 ${BOOK + 1} 条`, mark);
  // The deleted contacts are in the recycle bin, as the portal's own deletes are.
  expect(phone.read('contacts.vcf').trim()).toBe('');
  await shot(page, 'phone-sync-06-applied');
});
