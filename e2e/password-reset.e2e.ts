import { Api, AppPasswordApi, CSRF_COOKIE, CSRF_HEADER, Msg } from '@phonecloud/shared';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { freshAccount } from './support/contacts';
import { CAPTCHA_ANSWER } from './support/demo';
import { codeSentTo, expect, shot, signIn, sinkMessages, test } from './support/fixtures';
import { signUpByApi } from './support/portal-calls';
import { expectNoSidewaysScroll } from './support/screen';

/** A portal call from a signed-in browser context: its cookies, its CSRF token. */
async function portalPost(context: BrowserContext, path: string, form: Record<string, string | number>) {
  const token = (await context.cookies()).find((c) => c.name === CSRF_COOKIE)?.value ?? '';
  const res = await context.request.post(path, {
    form,
    headers: { [CSRF_HEADER]: token, origin: process.env.E2E_BASE_URL ?? '' },
  });
  return (await res.json()) as { code: number; data?: { password?: string } };
}

/** The main verification by SMS and an app password, through the calls the account centre makes. */
async function createAppPassword(context: BrowserContext, phone: string): Promise<string> {
  await context.request.get(`${Api.verifyDraw}?tmp=1`);
  expect((await portalPost(context, Api.verifyCheckDraw, { captcha: CAPTCHA_ANSWER })).code).toBe(0);
  const since = Date.now();
  expect((await portalPost(context, Api.verifySendTicket, { verify_type: 1 })).code).toBe(0);
  const ticket = await codeSentTo(phone, since, 'sms');
  expect((await portalPost(context, Api.verifyCheckTicket, { verify_type: 1, ticket })).code).toBe(0);
  const made = await portalPost(context, AppPasswordApi.create, { name: 'DAVx5' });
  expect(made.code).toBe(0);
  return made.data?.password ?? '';
}

async function davStatus(request: APIRequestContext, username: string, password: string) {
  const res = await request.fetch('/dav/', {
    method: 'PROPFIND',
    headers: {
      authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
      depth: '0',
    },
  });
  return res.status();
}

/** Every visible control of the card lies inside the window. */
async function expectControlsOnScreen(page: Page, width: number) {
  const boxes = await page
    .locator('.account-card')
    .locator('input:visible, button:visible, a:visible')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => [r.left, r.right]));
  expect(boxes.length).toBeGreaterThan(5);
  for (const [left, right] of boxes) {
    expect(left).toBeGreaterThanOrEqual(0);
    expect(right).toBeLessThanOrEqual(width);
  }
}

for (const screen of [
  { name: 'desktop', width: 1374, height: 900 },
  { name: 'phone', width: 375, height: 812 },
]) {
  test(`忘记密码: a code by SMS, a new password; the old session and app password end [${screen.name}]`, async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const viewport = { width: screen.width, height: screen.height };
    const baseURL = process.env.E2E_BASE_URL;
    const owner = await browser.newContext({ baseURL, viewport });
    const old = await owner.newPage();
    const account = freshAccount(`fgt${screen.name[0]}`);
    await signUpByApi(old, account.username, account.phone, account.password);
    const appPassword = await createAppPassword(owner, account.phone);
    expect(await davStatus(owner.request, account.username, appPassword)).toBe(207);

    // Another browser, where the password is forgotten.
    const lost = await browser.newContext({ baseURL, viewport });
    const page = await lost.newPage();
    await page.goto('/account/#/login');
    await page.getByRole('link', { name: '忘记密码？' }).click();
    await expect(page).toHaveURL(/#\/forgot$/);
    // The login page (with an 账号 of its own) stays until the forgot page has loaded.
    await expect(page.getByRole('heading', { name: '找回密码', level: 1 })).toBeVisible();
    await page.getByLabel('账号').fill(account.username);
    await expect(page.getByRole('radio', { name: '绑定的手机' })).toBeChecked();
    await page.getByLabel('图片验证码', { exact: true }).fill(CAPTCHA_ANSWER);
    const since = Date.now();
    await page.getByRole('button', { name: Msg.SEND_CODE }).click();
    await expect(page.locator('.form-alert', { hasText: Msg.RESET_CODE_SENT })).toBeVisible();
    const code = await codeSentTo(account.phone, since, 'sms');
    await page.getByLabel('验证码', { exact: true }).fill(code);
    await page.getByLabel('新密码', { exact: true }).fill('fresh-pass42');
    await page.getByLabel('确认新密码').fill('fresh-pass42');
    await expectNoSidewaysScroll(page, '忘记密码');
    await expectControlsOnScreen(page, screen.width);
    await shot(page, `password-reset-${screen.name}`);
    await page.getByRole('button', { name: '重置密码' }).click();
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.locator('.form-alert', { hasText: Msg.RESET_DONE })).toBeVisible();

    // The owner is told by SMS (no e-mail bound).
    await expect
      .poll(async () =>
        (await sinkMessages()).some(
          (m) => m.to === account.phone && m.at >= since && m.text.includes('重置'),
        ),
      )
      .toBe(true);
    // The old session and the app password are refused.
    await old.reload();
    await expect(old).toHaveURL(/\/account\/#\/login/);
    expect(await davStatus(owner.request, account.username, appPassword)).toBe(401);
    // The old password no longer signs in; the new one does.
    await page.getByLabel('账号').fill(account.username);
    await page.getByLabel('密码').fill(account.password);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByText(Msg.BAD_CREDENTIALS)).toBeVisible();
    await signIn(page, account.username, 'fresh-pass42');
    await owner.close();
    await lost.close();
  });
}
