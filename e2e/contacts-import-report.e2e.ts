import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ContactMsg, ImportText } from '@phonecloud/shared';
import type { Page } from '@playwright/test';
import { card, importCards, openContactsAsNewUser } from './support/contacts';
import { expect, shot, test } from './support/fixtures';

/** A real card of the server's test corpus (apps/server/test/fixtures/vcards, sources in SOURCES.md). */
const corpus = (file: string) =>
  path.join(test.info().project.testDir, '..', 'apps/server/test/fixtures/vcards', file);

const side = (page: Page) => page.locator('.contacts-side');
const allCount = (page: Page, n: number) =>
  page.getByRole('button', { name: new RegExp(`全部联系人\\s*${n}$`) });

test.describe.configure({ timeout: 120_000 });

test('import: the report lists every skipped card and every dropped or cut field by card; categories can be left out', async ({
  page,
}) => {
  await openContactsAsNewUser(page, 'cr');
  await page.getByRole('button', { name: /导入\/导出/ }).click();
  await page.getByRole('menuitem', { name: '导入联系人' }).click();
  const dialog = page.getByRole('dialog', { name: '导入/导出通讯录' });
  await dialog
    .getByLabel('选择文件')
    .setInputFiles([
      corpus('android/v21_android_custom_prop.vcf'),
      corpus('android/v21_invalid_comment_line.vcf'),
      corpus('davx5/allfields-vcard3.vcf'),
      corpus('android/John_Doe_ANDROID.vcf'),
    ]);
  // The Android cards carry CATEGORIES:My Contacts; this import leaves them out.
  await dialog.getByRole('checkbox', { name: /CATEGORIES/ }).uncheck();
  await dialog.getByRole('button', { name: '开始导入' }).click();

  await expect(dialog.getByText('导入完成：新增 8 个联系人，1 个无法读取')).toBeVisible();
  const skipped = dialog.getByRole('list', { name: '未导入的联系人（1）' });
  await expect(skipped.getByRole('listitem')).toHaveText([
    `${ImportText.where('v21_android_custom_prop.vcf', 1, '（没有名字）')}：${ContactMsg.IMPORT_CARD_NO_NAME}`,
  ]);
  const dropped = dialog.getByRole('list', { name: /^未导入或已截断的内容/ });
  await expect(
    dropped.getByText(
      `${ImportText.where('v21_invalid_comment_line.vcf', 1, 'Conference Call')}：${ImportText.lineDropped('# This line must be ignored.')}`,
    ),
  ).toBeVisible();
  await expect(
    dropped.getByText(
      `${ImportText.where('allfields-vcard3.vcf', 1, 'Ämi Display')}：${ImportText.fieldTooLong('website', 'http://www.swbyps.restaurant.french/~chezchic.html', 40)}`,
    ),
  ).toBeVisible();
  await expect(dropped.getByText(ImportText.groupsSkipped)).toBeVisible();
  await shot(page, '41-contacts-import-report', { fullPage: false });

  // The report stays until the user is done with it; then the book shows what came in.
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: '完成' }).click();
  await reloaded;
  await expect(allCount(page, 8)).toBeVisible();
  await expect(side(page).getByRole('button', { name: /My Contacts/ })).toHaveCount(0);
});

test('export: one group, in vCard 4.0, downloads only its members with their UID', async ({ page }) => {
  await openContactsAsNewUser(page, 'cx');
  await importCards(
    page,
    'seed.vcf',
    [
      card('韩梅梅', { tel: ['13600000001'], categories: ['同学'] }),
      card('Li Lei', { tel: ['13600000002'], categories: ['同学'] }),
      card('王老师', { tel: ['13600000003'] }),
    ].join('\r\n'),
  );
  await page.reload();
  await expect(allCount(page, 3)).toBeVisible();
  await page.getByRole('button', { name: /导入\/导出/ }).click();
  await page.getByRole('menuitem', { name: '导出联系人' }).click();
  const dialog = page.getByRole('dialog', { name: '导入/导出通讯录' });
  const exportCard = dialog.getByRole('region', { name: '导出联系人' });
  await exportCard.getByRole('radio', { name: '一个群组' }).check();
  await expect(exportCard.getByLabel('选择群组')).toBeVisible();
  await exportCard.getByRole('radio', { name: 'vCard 4.0' }).check();
  await shot(page, '41-contacts-export-group', { fullPage: false });
  const download = page.waitForEvent('download');
  await exportCard.getByRole('button', { name: '导出通讯录' }).click();
  const file = await download;
  const text = readFileSync((await file.path()) ?? '', 'utf8');
  expect(text.match(/BEGIN:VCARD/g)).toHaveLength(2);
  expect(text).toContain('VERSION:4.0');
  expect(text).toContain('FN:韩梅梅');
  // N as the imported card wrote it (its family part the whole name), not guessed again from FN.
  expect(text).toContain('N:Li Lei;;;;');
  expect(text).not.toContain('王老师');
  expect(text.match(/^UID[;:]/gm)).toHaveLength(2);
  await expect(exportCard.getByText('导出成功，文件开始下载')).toBeVisible();
});

test('import: a Google Contacts CSV is taken next to .vcf files', async ({ page }) => {
  await openContactsAsNewUser(page, 'cv');
  await page.getByRole('button', { name: /导入\/导出/ }).click();
  await page.getByRole('menuitem', { name: '导入联系人' }).click();
  const dialog = page.getByRole('dialog', { name: '导入/导出通讯录' });
  const csv = [
    'First Name,Middle Name,Last Name,Labels,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value',
    'Greg,,Dartmouth,* myContacts,Home,greg@example.com,Mobile,+1 555 0101',
  ].join('\r\n');
  await dialog
    .getByLabel('选择文件')
    .setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByRole('list', { name: '已选择的文件' }).getByRole('listitem')).toHaveText([
    'contacts.csv',
  ]);
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: '开始导入' }).click();
  await expect(dialog.getByText('导入完成：新增 1 个联系人')).toBeVisible();
  await reloaded;
  await expect(allCount(page, 1)).toBeVisible();
  await expect(page.locator('.contact-row').filter({ hasText: 'Greg Dartmouth' })).toBeVisible();
});
