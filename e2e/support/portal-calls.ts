import { Api, CSRF_COOKIE, CSRF_HEADER } from '@phonecloud/shared';
import type { Page } from '@playwright/test';
import { CAPTCHA_ANSWER } from './demo';
import { codeSentTo, expect } from './fixtures';

/** The headers the portal's own calls carry: the CSRF cookie's token and the page's origin. */
export async function portalHeaders(page: Page): Promise<Record<string, string>> {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === CSRF_COOKIE)?.value ?? '';
  const origin = new URL(process.env.E2E_BASE_URL ?? page.url()).origin;
  return { [CSRF_HEADER]: decodeURIComponent(token), Origin: origin };
}

/** A form POST as the portal makes it, in the page's session; answers the envelope's data. */
export async function portalPost<T>(page: Page, pathname: string, form: Record<string, string>): Promise<T> {
  const res = await page.request.post(pathname, { headers: await portalHeaders(page), form });
  const body = (await res.json()) as { code: number; data: T; message?: string };
  if (body.code !== 0) throw new Error(`${pathname} failed: ${body.code} ${body.message ?? ''}`);
  return body.data;
}

/**
 * Registers with a phone number through the calls the sign-up page makes (captcha, SMS code from
 * the webhook, register.do) without drawing the page, and opens the portal's home page signed
 * in: for tests whose subject is what comes after. The page itself is driven in mobile.e2e.ts
 * (phone numbers) and account.e2e.ts (e-mail).
 */
export async function signUpByApi(page: Page, username: string, phone: string, password: string) {
  // Any answer sets the CSRF cookie; the captcha's image is what the page would fetch first.
  await page.request.get(`${Api.accountDraw}?tmp=${Date.now()}`);
  await portalPost(page, Api.accountCheckDraw, { captcha: CAPTCHA_ANSWER });
  const since = Date.now();
  await portalPost(page, Api.accountSendCode, { purpose: 'register', type: 'phone', target: phone });
  const code = await codeSentTo(phone, since, 'sms');
  await portalPost(page, Api.accountRegister, { username, password, type: 'phone', target: phone, code });
  await page.goto('/#/home/index');
  await expect(page.getByRole('heading', { name: `你好，${username}` })).toBeVisible();
}
