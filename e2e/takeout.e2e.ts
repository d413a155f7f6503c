import { readFileSync } from 'node:fs';
import { AccountPage, Msg, TakeoutApi, type TakeoutJob, TakeoutMsg } from '@phonecloud/shared';
import { freshAccount, saveContact } from './support/contacts';
import { CAPTCHA_ANSWER } from './support/demo';
import { codeSentTo, expect, shot, test } from './support/fixtures';
import { signUpByApi } from './support/portal-calls';

test('导出全部数据: verify, start, see the progress, download the zip (1374 and 375 px)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const account = freshAccount('tko');
  await signUpByApi(page, account.username, account.phone, account.password);
  await page.setViewportSize({ width: 1374, height: 900 });
  await page.goto(AccountPage.centre);

  const card = page.getByRole('region', { name: TakeoutMsg.TITLE });
  await expect(card).toContainText(TakeoutMsg.INTRO);
  // Not verified yet: the card asks for it before showing anything of the account's exports.
  await card.getByRole('button', { name: '验证身份后查看' }).click();
  const verify = page.getByRole('dialog', { name: '身份验证', exact: true });
  await verify.getByLabel('图片验证码', { exact: true }).fill(CAPTCHA_ANSWER);
  const since = Date.now();
  await verify.locator('.send-code').click();
  await expect(page.getByText(Msg.CODE_SENT_SMS)).toBeVisible();
  await verify.getByLabel('短信验证码').fill(await codeSentTo(account.phone, since, 'sms'));
  await verify.getByRole('button', { name: '确定' }).click();
  await expect(verify).toBeHidden();
  await expect(card).toContainText(TakeoutMsg.NONE);
  await saveContact(page, '导出测试', ['13800001111']);

  const started = page.waitForResponse((r) => r.url().includes(TakeoutApi.start));
  await card.getByRole('button', { name: TakeoutMsg.START }).click();
  const job = ((await (await started).json()) as { code: number; data: TakeoutJob }).data;
  expect(job.state).toBe('running');
  expect(job.total).toBeGreaterThan(0);
  // The progress shows while the server builds it (polled), then the ready file.
  await expect(
    card.getByRole('status').or(card.getByRole('button', { name: TakeoutMsg.DOWNLOAD })),
  ).toBeVisible();
  const downloadButton = card.getByRole('button', { name: TakeoutMsg.DOWNLOAD });
  await expect(downloadButton).toBeVisible();
  await expect(card).toContainText(TakeoutMsg.EXPIRES);
  await expect(card).toContainText(/全部数据_\d{8}_\d{6}\.zip/);
  await card.scrollIntoViewIfNeeded();
  await shot(page, '90-takeout-ready-desktop', { fullPage: false });

  await page.setViewportSize({ width: 375, height: 812 });
  await card.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const box = await downloadButton.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  await shot(page, '91-takeout-ready-phone', { fullPage: false });

  const downloading = page.waitForEvent('download');
  await downloadButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^全部数据_\d{8}_\d{6}\.zip$/);
  const bytes = readFileSync((await download.path()) ?? '');
  expect(bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
  expect(bytes.includes(Buffer.from('README.txt'))).toBe(true);
  expect(bytes.includes(Buffer.from('联系人/contacts.vcf'))).toBe(true);
});
