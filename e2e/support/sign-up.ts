import { Msg } from '@phonecloud/shared';
import type { Page } from '@playwright/test';
import { CAPTCHA_ANSWER } from './demo';
import { codeSentTo, expect } from './fixtures';

/** Registers through the sign-up page with an e-mail code; ends on the portal's home page. */
export async function signUpWithEmail(
  page: Page,
  username: string,
  email: string,
  password: string,
  beforeSubmit?: () => Promise<void>,
): Promise<void> {
  await page.goto('/account/#/register');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('确认密码').fill(password);
  await page.locator('.ant-radio-button-wrapper', { hasText: '邮箱' }).click();
  await expect(page.getByRole('radio', { name: '邮箱' })).toBeChecked();
  await page.getByRole('textbox', { name: '邮箱' }).fill(email);
  await page.getByLabel('图片验证码', { exact: true }).fill(CAPTCHA_ANSWER);
  const since = Date.now();
  await page.getByRole('button', { name: Msg.SEND_CODE }).click();
  await expect(page.getByText(Msg.CODE_SENT_EMAIL)).toBeVisible();
  await page.getByLabel('验证码', { exact: true }).fill(await codeSentTo(email, since, 'email'));
  await page.getByRole('checkbox').check();
  await beforeSubmit?.();
  await page.getByRole('button', { name: '注册' }).click();
  await expect(page).toHaveURL(/\/#\/home\/index$/);
}
