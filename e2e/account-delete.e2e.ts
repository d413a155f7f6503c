import { AccountPage, Api, Msg } from '@phonecloud/shared';
import { freshAccount } from './support/contacts';
import { CAPTCHA_ANSWER } from './support/demo';
import { codeSentTo, expect, shot, test } from './support/fixtures';
import { signUpByApi } from './support/portal-calls';

test('delete my account: verification first, a wrong password refused, then gone and signed out', async ({
  page,
}) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const account = freshAccount('del');
  await signUpByApi(page, account.username, account.phone, account.password);
  await page.goto(AccountPage.centre);

  const danger = page.locator('.danger-card');
  await expect(danger).toContainText('无法恢复');
  await page.setViewportSize({ width: 375, height: 812 });
  await danger.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, '86-account-delete-phone', { fullPage: false });
  await page.setViewportSize({ width: 1440, height: 900 });

  await danger.getByRole('button', { name: '注销账号' }).click();
  const modal = page.getByRole('dialog', { name: '注销账号' });
  await modal.getByRole('button', { name: '永久注销账号' }).click();
  await expect(modal.getByText(Msg.PASSWORD_EMPTY)).toBeVisible();

  // The session has no fresh verification yet (6001): the dialog opens, then the call goes again
  // with the password typed, which is wrong (1013).
  await modal.getByLabel('登录密码').fill('wrong-password1');
  await modal.getByRole('button', { name: '永久注销账号' }).click();
  const verify = page.getByRole('dialog', { name: '身份验证', exact: true });
  await expect(verify).toBeVisible();
  await verify.getByLabel('图片验证码', { exact: true }).fill(CAPTCHA_ANSWER);
  const since = Date.now();
  await verify.locator('.send-code').click();
  await verify.getByLabel('短信验证码').fill(await codeSentTo(account.phone, since, 'sms'));
  await verify.getByRole('button', { name: '确定' }).click();
  await expect(verify).toBeHidden();
  await expect(modal.getByText(Msg.BAD_CREDENTIALS)).toBeVisible();
  await shot(page, '87-account-delete-wrong-password');

  await modal.getByLabel('登录密码').fill(account.password);
  // The centre leaves by changing the URL's hash, then reloads the page: what is typed before
  // that reload would be lost.
  const reloaded = page.waitForEvent('load');
  await modal.getByRole('button', { name: '永久注销账号' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/account\/#\/login/);

  // The account is gone: signing in with it is refused.
  await page.getByLabel('账号').fill(account.username);
  await page.getByLabel('密码').fill(account.password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText(Msg.BAD_CREDENTIALS)).toBeVisible();
});

test('five wrong passwords on deletion answer the spec’s 1014 text', async ({ page }) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const account = freshAccount('dl5');
  await signUpByApi(page, account.username, account.phone, account.password);
  await page.goto(AccountPage.centre);
  await page.locator('.danger-card').getByRole('button', { name: '注销账号' }).click();
  const modal = page.getByRole('dialog', { name: '注销账号' });
  await modal.getByLabel('登录密码').fill('wrong-password1');
  await modal.getByRole('button', { name: '永久注销账号' }).click();
  const verify = page.getByRole('dialog', { name: '身份验证', exact: true });
  await verify.getByLabel('图片验证码', { exact: true }).fill(CAPTCHA_ANSWER);
  const since = Date.now();
  await verify.locator('.send-code').click();
  await verify.getByLabel('短信验证码').fill(await codeSentTo(account.phone, since, 'sms'));
  await verify.getByRole('button', { name: '确定' }).click();
  await expect(modal.getByText(Msg.BAD_CREDENTIALS)).toBeVisible();
  for (let i = 2; i <= 5; i++) {
    const answer = page.waitForResponse((r) => r.url().includes(Api.userDelete));
    await modal.getByRole('button', { name: '永久注销账号' }).click();
    expect((await (await answer).json()).code, `try ${i}`).toBe(1013);
    await expect(modal.getByText(Msg.BAD_CREDENTIALS)).toBeVisible();
  }
  await modal.getByLabel('登录密码').fill(account.password);
  await modal.getByRole('button', { name: '永久注销账号' }).click();
  await expect(modal.getByText(Msg.TOO_MANY_FAILURES)).toBeVisible();
  await expect(page).toHaveURL(/\/account\/#\/centre/);
});
