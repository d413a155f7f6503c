import { AccountPage, AppPasswordMsg, Msg } from '@phonecloud/shared';
import type { Locator, Page } from '@playwright/test';
import { freshAccount } from './support/contacts';
import { CAPTCHA_ANSWER } from './support/demo';
import { codeSentTo, expect, shot, test } from './support/fixtures';
import { signUpByApi } from './support/portal-calls';
import { expectNoSidewaysScroll, expectTouchSize } from './support/screen';

/** Passes the verification dialog's SMS tab with a code from the webhook. */
async function passBySms(page: Page, dialog: Locator, phone: string) {
  const sms = dialog.getByRole('tab', { name: '短信验证' });
  if (await sms.isVisible()) await sms.click();
  await dialog.getByLabel('图片验证码', { exact: true }).fill(CAPTCHA_ANSWER);
  const since = Date.now();
  await dialog.locator('.send-code').click();
  await expect(page.getByText(Msg.CODE_SENT_SMS)).toBeVisible();
  await dialog.getByLabel('短信验证码').fill(await codeSentTo(phone, since, 'sms'));
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
}

for (const screen of [
  { name: 'desktop', width: 1374, height: 900 },
  { name: 'phone', width: 375, height: 812 },
]) {
  test(`app passwords: create (after the verification), copy the one-time secret, list, revoke [${screen.name}]`, async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const context = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      viewport: { width: screen.width, height: screen.height },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const account = freshAccount(`apw${screen.name[0]}`);
    await signUpByApi(page, account.username, account.phone, account.password);
    await page.goto(AccountPage.centre);
    const card = page.locator('.app-passwords');
    await expect(card.getByText('还没有应用密码')).toBeVisible();

    // An empty name is refused on the page.
    const create = card.getByRole('button', { name: '创建应用密码' });
    await create.click();
    await expect(card.getByRole('alert')).toHaveText(AppPasswordMsg.NAME_EMPTY);

    // Creating needs a fresh verification: the dialog comes first, then the new password.
    await card.getByLabel('应用密码名称').fill('DAVx5 手机');
    await create.click();
    const verify = page.getByRole('dialog', { name: '身份验证', exact: true });
    await expect(verify).toBeVisible();
    await passBySms(page, verify, account.phone);

    const shown = page.getByRole('dialog', { name: '应用密码已创建' });
    await expect(shown).toBeVisible();
    await expect(shown.getByText('应用密码只显示这一次')).toBeVisible();
    const secret = (await shown.getByTestId('app-password-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    await shown.getByRole('button', { name: '复制' }).click();
    await expect(shown.getByRole('button', { name: '已复制' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    if (screen.width < 600) {
      await expectNoSidewaysScroll(page, 'the new app password dialog');
      await expectTouchSize(shown.getByRole('button', { name: '完成' }), 'the done button');
    }
    await shot(page, `90-app-password-created-${screen.name}`, { fullPage: false });
    await shown.getByRole('button', { name: '完成' }).click();
    await expect(shown).toBeHidden();

    // Listed by name, never used yet, and the secret is nowhere on the page any more.
    const rows = card.getByRole('list', { name: '应用密码' }).getByRole('listitem');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('DAVx5 手机');
    await expect(rows.first()).toContainText('从未使用');
    await expect(page.getByText(secret)).toHaveCount(0);

    // A second one (the verification is still fresh: no dialog this time).
    await card.getByLabel('应用密码名称').fill('rclone 笔记本');
    await create.click();
    await expect(shown).toBeVisible();
    await shown.getByRole('button', { name: '完成' }).click();
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('rclone 笔记本');
    if (screen.width < 600) {
      await expectNoSidewaysScroll(page, 'the account centre with app passwords');
      await expectTouchSize(create, 'the create button');
      await expectTouchSize(card.getByRole('button', { name: '撤销 DAVx5 手机' }), 'the revoke button');
    }
    await card.scrollIntoViewIfNeeded();
    await shot(page, `91-app-passwords-${screen.name}`);

    // Revoke one, after a confirmation; the other stays.
    await card.getByRole('button', { name: '撤销 DAVx5 手机' }).click();
    const confirm = page.getByRole('dialog', { name: '撤销应用密码' });
    await expect(confirm).toContainText('DAVx5 手机');
    await confirm.getByRole('button', { name: '撤销' }).click();
    await expect(page.getByText(AppPasswordMsg.REVOKED)).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('rclone 笔记本');
    await context.close();
  });
}
