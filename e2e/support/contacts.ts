import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ContactApi, type ImportResult, Msg } from '@phonecloud/shared';
import type { Page } from '@playwright/test';
// better-sqlite3 is a dependency of apps/server, hoisted to the root by npm workspaces.
import Database from 'better-sqlite3';
import { CAPTCHA_ANSWER } from './demo';
import { codeSentTo, expect, test } from './fixtures';
import { portalHeaders, portalPost, signUpByApi } from './portal-calls';

/** A file of e2e/fixtures (called inside a test: the test directory comes from the config). */
export const fixture = (name: string) => path.join(test.info().project.testDir, 'fixtures', name);

/**
 * A stamp for a user name, and eight digits for a phone number, that no other test's account has:
 * the workers share one server, and the clock, a counter and the process id cut to eight digits
 * gave two workers the same number once (the sign-up then answered 该手机号已绑定其他账号).
 */
export const freshStamp = () => `${Date.now().toString(36)}${randomInt(36 ** 4).toString(36)}`;
export const freshDigits = () => String(randomInt(10 ** 8)).padStart(8, '0');

/** A user name and phone number no other test uses. */
export function freshAccount(prefix: string): { username: string; phone: string; password: string } {
  return { username: `${prefix}${freshStamp()}`, phone: `137${freshDigits()}`, password: 'secret123' };
}

/** Registers through the sign-up page with a phone number and an SMS code from the webhook. */
export async function signUpWithPhone(page: Page, username: string, phone: string, password: string) {
  await page.goto('/account/#/register');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('确认密码').fill(password);
  await expect(page.getByRole('radio', { name: '手机号' })).toBeChecked();
  await page.getByRole('textbox', { name: '手机号' }).fill(phone);
  await page.getByLabel('图片验证码', { exact: true }).fill(CAPTCHA_ANSWER);
  const since = Date.now();
  await page.getByRole('button', { name: Msg.SEND_CODE }).click();
  await expect(page.getByText(Msg.CODE_SENT_SMS)).toBeVisible();
  await page.getByLabel('验证码', { exact: true }).fill(await codeSentTo(phone, since, 'sms'));
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '注册' }).click();
  await expect(page).toHaveURL(/\/#\/home\/index$/);
}

/**
 * Opens /contact/index: list.do answers 6001, the portal goes to /contact.check, and the check
 * passes with the captcha and an SMS code from the webhook; then the contacts screen shows.
 */
export async function passContactsGate(page: Page, phone: string, beforeCode?: () => Promise<void>) {
  await page.goto('/#/contact/index');
  await expect(page).toHaveURL(/#\/contact\.check$/);
  await page.getByRole('button', { name: '立即验证' }).click();
  const dialog = page.getByRole('dialog', { name: '身份验证' });
  await dialog.getByLabel('图片验证码', { exact: true }).fill(CAPTCHA_ANSWER);
  const since = Date.now();
  await dialog.locator('.send-code').click();
  await expect(page.getByText(Msg.CODE_SENT_SMS)).toBeVisible();
  await dialog.getByLabel('短信验证码').fill(await codeSentTo(phone, since, 'sms'));
  await beforeCode?.();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/#\/contact\/index$/);
  // The list shows at every width; the groups column (全部联系人) only from 900 px.
  await expect(page.locator('.contacts')).toHaveAttribute('aria-busy', 'false');
  await expect(page.locator('.contacts-list-panel')).toBeVisible();
}

/** A new account with an empty book, signed in and through the contacts gate. */
export async function openContactsAsNewUser(page: Page, prefix = 'ct') {
  const account = freshAccount(prefix);
  await signUpByApi(page, account.username, account.phone, account.password);
  await passContactsGate(page, account.phone);
  return account;
}

/**
 * Puts cards into the signed-in user's book through the real import call (the same one the
 * import dialog makes), for tests whose subject is not the import itself.
 */
export async function importCards(page: Page, name: string, vcf: string): Promise<ImportResult> {
  const res = await page.request.post(ContactApi.import, {
    headers: await portalHeaders(page),
    multipart: { file: { name, mimeType: 'text/vcard', buffer: Buffer.from(vcf, 'utf8') } },
  });
  const body = (await res.json()) as { code: number; data: ImportResult; message?: string };
  if (body.code !== 0) throw new Error(`import failed: ${body.code} ${body.message ?? ''}`);
  return body.data;
}

/** A vCard 3.0 card. */
export function card(
  name: string,
  fields: { tel?: string[]; email?: string[]; org?: string; categories?: string[] } = {},
) {
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `FN:${name}`, `N:${name};;;;`];
  for (const t of fields.tel ?? []) lines.push(`TEL;TYPE=CELL:${t}`);
  for (const e of fields.email ?? []) lines.push(`EMAIL;TYPE=INTERNET:${e}`);
  if (fields.org) lines.push(`ORG:${fields.org}`);
  if (fields.categories?.length) lines.push(`CATEGORIES:${fields.categories.join(',')}`);
  lines.push('END:VCARD');
  return lines.join('\r\n');
}

/**
 * Moves a user's contact history back in time, in the server's database: the time machine makes
 * a version node of a batch of changes only after 10 quiet minutes, longer than a test runs.
 */
export function ageContactHistory(username: string, minutes: number): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: the global setup did not run');
  const db = new Database(path.join(dir, 'phonecloud.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const user = db.prepare('SELECT id FROM users WHERE username = ?').get(username) as
      | { id: number }
      | undefined;
    if (!user) throw new Error(`no user ${username}`);
    db.prepare('UPDATE contact_revisions SET at = at - ? WHERE user_id = ?').run(minutes * 60_000, user.id);
  } finally {
    db.close();
  }
}

export const readFixture = (name: string) => readFileSync(fixture(name), 'utf8');

/** A form POST of a contacts call as the portal makes it (CSRF header, Origin). */
export function contactPost<T>(page: Page, pathname: string, form: Record<string, string>): Promise<T> {
  return portalPost<T>(page, pathname, form);
}

/** Saves a contact with a name and phones through save.do (no duplicate check, unlike import). */
export function saveContact(page: Page, name: string, phones: string[]) {
  return contactPost<{ server_id: string; version_code: number }>(page, ContactApi.save, {
    data: JSON.stringify({
      content: {
        name: [{ display_name: name }],
        phone: phones.map((number) => ({ number, type: 2 })),
      },
    }),
  });
}
