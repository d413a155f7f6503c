import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Msg } from '@phonecloud/shared';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { CAPTCHA_ANSWER, DEMO } from './demo';
import { codeSentTo, expect, signIn, test } from './fixtures';

/** The context options of playwright.config.ts, for contexts a test makes itself. */
export const CONTEXT: BrowserContextOptions = {
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
  reducedMotion: 'reduce',
};

/**
 * Opens /sms/index: list.do answers 6001, the portal goes to /sms.check, and the check passes with
 * the captcha and a code by SMS or e-mail to `to` (the demo account's by default; the two channels
 * have separate 60 s waits, so two files in a row can each pass a gate).
 */
export async function passSmsGate(
  page: Page,
  channel: 'sms' | 'email',
  options: { to?: string; beforeCode?: () => Promise<void> } = {},
) {
  await page.goto('/#/sms/index');
  await expect(page).toHaveURL(/#\/sms\.check$/);
  await page.getByRole('button', { name: '立即验证' }).click();
  const dialog = page.getByRole('dialog', { name: '身份验证' });
  if (channel === 'email') await dialog.getByRole('tab', { name: '邮箱验证' }).click();
  await dialog.getByLabel('图片验证码', { exact: true }).fill(CAPTCHA_ANSWER);
  const since = Date.now();
  await dialog.locator('.send-code').click();
  await expect(page.getByText(channel === 'sms' ? Msg.CODE_SENT_SMS : Msg.CODE_SENT_EMAIL)).toBeVisible();
  const to = options.to ?? (channel === 'sms' ? DEMO.phone : DEMO.email);
  await dialog
    .getByLabel(channel === 'sms' ? '短信验证码' : '邮箱验证码')
    .fill(await codeSentTo(to, since, channel));
  await options.beforeCode?.();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/#\/sms\/index$/);
  await expect(page.locator('.sms')).toHaveAttribute('aria-busy', 'false');
}

/**
 * Signs the demo account in once and passes the SMS gate, and keeps that verified session in a
 * storage-state file the file's tests open their pages with: one code for the whole file.
 */
export function verifiedDemoState(
  browser: Browser,
  name: string,
  channel: 'sms' | 'email',
  beforeCode?: (page: Page) => Promise<void>,
): Promise<string> {
  return verifiedState(
    browser,
    name,
    { username: DEMO.username, password: DEMO.password },
    channel,
    beforeCode,
  );
}

/**
 * As verifiedDemoState, for an account of the file's own (findAccount's, with a phone and an
 * e-mail address): its code goes to its own address, so it waits out no other file's 60 s.
 */
export async function verifiedState(
  browser: Browser,
  name: string,
  account: { username: string; password: string; email?: string; phone?: string },
  channel: 'sms' | 'email',
  beforeCode?: (page: Page) => Promise<void>,
): Promise<string> {
  const dir = path.join(test.info().project.outputDir, 'state');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  const context = await browser.newContext({
    ...CONTEXT,
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await signIn(page, account.username, account.password);
  await passSmsGate(page, channel, {
    to: channel === 'sms' ? account.phone : account.email,
    beforeCode: beforeCode && (() => beforeCode(page)),
  });
  await context.storageState({ path: file });
  await context.close();
  return file;
}

/** A conversation's row in the list (by its address). */
export const rowOf = (page: Page, address: string) => page.locator(`.sms-row[data-address="${address}"]`);
/** The bubbles of the open conversation. */
export const bubbles = (page: Page) => page.locator('.sms-detail .sms-msg');

/** A message of a backup file: an <sms>, or an <mms> when it has pictures. */
export interface BackupMessage {
  address: string;
  body: string;
  date: number;
  /** 1 received, 2 sent. */
  type: number;
  /** 1: a favourite. */
  locked?: number;
  pictures?: { mime: string; name: string; bytes: Buffer }[];
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** An entry as the SMS Backup & Restore app writes it (an MMS's text and pictures are parts). */
function entryOf(m: BackupMessage): string {
  const locked = m.locked ?? 0;
  if (!m.pictures?.length) {
    return `  <sms protocol="0" address="${attr(m.address)}" date="${m.date}" type="${m.type}" body="${attr(m.body)}" read="1" status="-1" locked="${locked}" />`;
  }
  const parts = [
    `      <part seq="0" ct="text/plain" name="null" cl="text_0.txt" text="${attr(m.body)}" />`,
    ...m.pictures.map(
      (p, i) =>
        `      <part seq="${i + 1}" ct="${attr(p.mime)}" name="${attr(p.name)}" cl="${attr(p.name)}" data="${p.bytes.toString('base64')}" />`,
    ),
  ];
  return [
    `  <mms date="${m.date}" msg_box="${m.type}" address="${attr(m.address)}" read="1" locked="${locked}" m_type="${m.type === 1 ? 132 : 128}">`,
    '    <parts>',
    ...parts,
    '    </parts>',
    '  </mms>',
  ].join('\n');
}

/**
 * Puts an SMS Backup & Restore file of `messages` into a user's box with the operator command
 * (`npm run admin -- sms import`), against the test server's data directory.
 */
export function importBackup(username: string, messages: BackupMessage[]) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the global setup did not run');
  const xml = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<smses count="${messages.length}">\n${messages.map(entryOf).join('\n')}\n</smses>\n`;
  const dir = path.join(test.info().project.outputDir, 'state');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${username}.xml`);
  writeFileSync(file, xml);
  const repo = path.resolve(test.info().project.testDir, '..');
  const run = spawnSync(
    process.execPath,
    [path.join(repo, 'apps/server/dist/admin.js'), 'sms', 'import', '--username', username, file],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' }, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`sms import failed: ${run.stderr}${run.stdout}`);
}
