import { randomBytes } from 'node:crypto';
import { closeSync, ftruncateSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Msg } from '@phonecloud/shared';
import type { Browser, Locator, Page } from '@playwright/test';
import yauzl from 'yauzl';
import { freshDigits, freshStamp } from './contacts';
import { CAPTCHA_ANSWER } from './demo';
import { codeSentTo, expect } from './fixtures';
import { signUpByApi } from './portal-calls';

/**
 * A fresh account per drive test file, signed up by SMS through the sign-up calls: its own drive,
 * quota and SMS rate limit.
 */
export async function signUpWithPhone(
  page: Page,
  prefix: string,
): Promise<{ username: string; phone: string }> {
  const username = `${prefix}${freshStamp()}`;
  const phone = `139${freshDigits()}`;
  const password = 'drive12345';
  await signUpByApi(page, username, phone, password);
  return { username, phone };
}

/** Passes the drive's gate (already on its check screen) with an SMS code read from the sink. */
export async function passGate(page: Page, phone: string): Promise<void> {
  const intro = page.getByRole('dialog').filter({ hasText: '云盘需要安全验证' });
  await intro.getByRole('button', { name: '立即验证' }).click();
  const dialog = page.getByRole('dialog', { name: '身份验证' });
  await dialog.getByLabel('图片验证码', { exact: true }).fill(CAPTCHA_ANSWER);
  const since = Date.now();
  await dialog.locator('.send-code').click();
  await expect(page.getByText(Msg.CODE_SENT_SMS)).toBeVisible();
  await dialog.getByLabel('短信验证码').fill(await codeSentTo(phone, since, 'sms'));
  await dialog.getByRole('button', { name: '确定' }).click();
}

export async function tempDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'drive-e2e-'));
}

/** Writes files of random bytes (or the given text) and answers their paths and contents. */
export function makeFiles(dir: string, specs: Array<{ name: string; size?: number; text?: string }>) {
  return specs.map((s) => {
    const file = path.join(dir, s.name);
    const bytes = s.text !== undefined ? Buffer.from(s.text) : randomBytes(s.size ?? 0);
    writeFileSync(file, bytes);
    return { name: s.name, path: file, bytes };
  });
}

/**
 * A sparse file: its size says many GB while it takes no disk. The browser gets its path, so only
 * its size is read: enough to trip the quota check before any byte is sent.
 */
export function sparseFile(dir: string, name: string, bytes: number): string {
  const file = path.join(dir, name);
  // Extending by truncation leaves a hole: no blocks are written.
  const handle = openSync(file, 'w');
  try {
    ftruncateSync(handle, bytes);
  } finally {
    closeSync(handle);
  }
  return file;
}

export function row(page: Page, name: string): Locator {
  return page.locator(`.drive-row[data-name="${name}"]`);
}

/** Chooses files through the upload button's file chooser. */
export async function chooseFiles(page: Page, paths: string[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '上传文件' }).click();
  await (await chooser).setFiles(paths);
}

/** Clicks an action of a row (they show on hover). */
export async function rowAction(page: Page, name: string, action: string): Promise<void> {
  const r = row(page, name);
  await r.hover();
  await r.getByRole('button', { name: action }).click();
}

export async function select(page: Page, ...names: string[]): Promise<void> {
  for (const name of names) await row(page, name).getByRole('checkbox').check();
}

/** Saves the next download and answers its bytes. */
export async function downloadBytes(
  page: Page,
  trigger: () => Promise<void>,
): Promise<{ name: string; bytes: Buffer }> {
  const pending = page.waitForEvent('download');
  await trigger();
  const download = await pending;
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(file) };
}

/** Entries of a zip (files only) with their bytes. */
export function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, archive) => {
      if (err || !archive) return reject(err ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      archive.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return archive.readEntry();
        archive.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            archive.readEntry();
          });
        });
      });
      archive.on('end', () => resolve(entries));
      archive.on('error', reject);
      archive.readEntry();
    });
  });
}

/** A browser context of its own: no cookies, no session: a visitor without an account. */
export async function signedOut(browser: Browser, baseURL: string, viewport = { width: 1440, height: 900 }) {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
    acceptDownloads: true,
  });
  return { context, page: await context.newPage() };
}
