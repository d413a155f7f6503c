import { AccountPage, Msg, TOTP_PERIOD_SECONDS, TOTP_RECOVERY_CODE_COUNT, TotpMsg } from '@phonecloud/shared';
import type { Browser, Locator, Page } from '@playwright/test';
// otplib is a dependency of apps/server, hoisted to the root by npm workspaces: the test computes
// the codes an authenticator app would show.
import { generate } from 'otplib';
import { freshAccount } from './support/contacts';
import { CAPTCHA_ANSWER } from './support/demo';
import { codeSentTo, expect, shot, signIn, test } from './support/fixtures';
import { signUpByApi } from './support/portal-calls';

/** The app's code for the step `ahead` steps from now (the server accepts one step either way). */
const appCode = (secret: string, ahead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + ahead * TOTP_PERIOD_SECONDS });

/** Passes the verification dialog's SMS tab with a code from the webhook. */
async function passBySms(page: Page, dialog: Locator, phone: string) {
  await dialog.getByRole('tab', { name: '短信验证' }).click();
  await dialog.getByLabel('图片验证码', { exact: true }).fill(CAPTCHA_ANSWER);
  const since = Date.now();
  await dialog.locator('.send-code').click();
  await expect(page.getByText(Msg.CODE_SENT_SMS)).toBeVisible();
  await dialog.getByLabel('短信验证码').fill(await codeSentTo(phone, since, 'sms'));
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
}

async function openGate(page: Page, area: string) {
  await page.goto(`/#/${area}.check`);
  const dialog = page.getByRole('dialog', { name: '身份验证', exact: true });
  await expect(async () => {
    if (!(await dialog.isVisible()))
      await page.getByRole('button', { name: '立即验证' }).click({ timeout: 3000 });
    await expect(dialog).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  return dialog;
}

async function otherBrowser(browser: Browser, username: string, password: string) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await signIn(page, username, password);
  return { context, page };
}

test('enrol an authenticator from its QR page, verify with its codes and a recovery code, remove it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  page.setDefaultTimeout(15_000);
  const account = freshAccount('totp');
  await signUpByApi(page, account.username, account.phone, account.password);
  await page.goto(AccountPage.centre);
  const card = page.locator('.totp-card');
  await expect(card.getByText('未绑定')).toBeVisible();

  // Enrolling needs a fresh verification: the dialog comes first, then the enrolment.
  await card.getByRole('button', { name: '绑定身份验证器' }).click();
  const verify = page.getByRole('dialog', { name: '身份验证', exact: true });
  await expect(verify).toBeVisible();
  await passBySms(page, verify, account.phone);

  const enrol = page.getByRole('dialog', { name: '绑定身份验证器' });
  await expect(enrol).toBeVisible();
  const qr = enrol.getByRole('img', { name: '身份验证器二维码' });
  await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  const secret = ((await enrol.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await shot(page, '80-totp-enrol');

  const right = await appCode(secret);
  await enrol.getByLabel('身份验证器动态码').fill(right === '000000' ? '111111' : '000000');
  await enrol.getByRole('button', { name: '完成绑定' }).click();
  await expect(enrol.getByText(Msg.CODE_WRONG)).toBeVisible();
  await enrol.getByLabel('身份验证器动态码').fill(await appCode(secret));
  await enrol.getByRole('button', { name: '完成绑定' }).click();

  const saved = page.getByRole('dialog', { name: '保存恢复码' });
  await expect(saved).toBeVisible();
  const savedItems = saved.getByRole('list', { name: '恢复码' }).getByRole('listitem');
  await expect(savedItems).toHaveCount(TOTP_RECOVERY_CODE_COUNT);
  const codes = await savedItems.allTextContents();
  await shot(page, '81-totp-recovery-codes');
  await saved.getByRole('button', { name: '我已保存' }).click();
  await expect(card.getByText('已绑定')).toBeVisible();
  await expect(card).toContainText(`剩余恢复码 ${TOTP_RECOVERY_CODE_COUNT} 个`);
  await shot(page, '82-totp-enrolled');

  // Another browser: the gate offers the authenticator first; the next step's code passes.
  const second = await otherBrowser(browser, account.username, account.password);
  const dialog = await openGate(second.page, 'contact');
  await expect(dialog.getByRole('tab')).toHaveText(['身份验证器', '短信验证']);
  await shot(second.page, '83-totp-gate');
  const next = await appCode(secret, 1);
  await dialog.getByLabel('身份验证器动态码').fill(next);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(second.page).toHaveURL(/#\/contact\/index$/);

  // Find-my-phone (its own scope) in a third browser: the same code is refused as used; a
  // recovery code passes.
  const third = await otherBrowser(browser, account.username, account.password);
  const finder = await openGate(third.page, 'find');
  await finder.getByLabel('身份验证器动态码').fill(next);
  await finder.getByRole('button', { name: '确定' }).click();
  await expect(finder.getByText(TotpMsg.CODE_USED)).toBeVisible();
  await finder.getByRole('button', { name: '手机不在身边？使用恢复码' }).click();
  await finder.getByLabel('恢复码').fill(codes[0] ?? '');
  await shot(third.page, '84-totp-recovery-gate');
  await finder.getByRole('button', { name: '确定' }).click();
  await expect(finder).toBeHidden();
  await expect
    .poll(() => third.page.evaluate(() => localStorage.getItem('phonecloud.verified.finder')))
    .toMatch(/^\d+$/);
  await third.context.close();
  await second.context.close();

  await page.reload();
  await expect(card).toContainText(`剩余恢复码 ${TOTP_RECOVERY_CODE_COUNT - 1} 个`);
  // New recovery codes replace the old ones (this session's verification is still fresh).
  await card.getByRole('button', { name: '重新生成恢复码' }).click();
  const renewed = page.getByRole('dialog', { name: '保存恢复码' });
  const renewedItems = renewed.getByRole('list', { name: '恢复码' }).getByRole('listitem');
  await expect(renewedItems).toHaveCount(TOTP_RECOVERY_CODE_COUNT);
  const fresh = await renewedItems.allTextContents();
  expect(fresh.filter((c) => codes.includes(c))).toEqual([]);
  await renewed.getByRole('button', { name: '我已保存' }).click();
  await expect(card).toContainText(`剩余恢复码 ${TOTP_RECOVERY_CODE_COUNT} 个`);

  // On a phone the card and the danger zone fit the width.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(card.getByRole('button', { name: '解除绑定' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await card.scrollIntoViewIfNeeded();
  await shot(page, '85-totp-card-phone', { fullPage: false });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Removing: this session's verification is still fresh.
  await card.getByRole('button', { name: '解除绑定' }).click();
  const confirm = page.getByRole('dialog', { name: '解除绑定身份验证器' });
  await confirm.getByRole('button', { name: '解除绑定' }).click();
  await expect(page.getByText(TotpMsg.REMOVED)).toBeVisible();
  await expect(card.getByText('未绑定')).toBeVisible();
});
