import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { freshDigits, freshStamp } from './contacts';
import { passEmailGate } from './email-gate';
import { codeSentTo, expect, test } from './fixtures';

/** The repository (called inside a test: the test directory comes from the config). */
const repoDir = () => path.resolve(test.info().project.testDir, '..');

/**
 * A new account with a phone number and an e-mail address, added with the operator's command
 * (as a deployment's admin would): the phone client signs in with an SMS code while the finder
 * gate takes an e-mail code, so neither waits out the other channel's 60 s.
 */
export function findAccount(prefix: string) {
  const stamp = freshStamp();
  const digits = freshDigits();
  const account = {
    username: `${prefix}${stamp}`,
    phone: `136${digits}`,
    email: `${prefix}${stamp}@example.com`,
    password: 'secret123',
  };
  const repo = repoDir();
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the global setup did not run');
  execFileSync(
    process.execPath,
    [
      path.join(repo, 'apps/server/dist/admin.js'),
      'user',
      'add',
      '--username',
      account.username,
      '--password',
      account.password,
      '--phone',
      account.phone,
      '--email',
      account.email,
    ],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' }, stdio: 'pipe' },
  );
  return account;
}

/** The phone client (apps/phone) as its own process, with everything it printed. */
export class PhoneProcess {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'phonecloud-phone-'));
  private readonly proc: ChildProcess;
  private out = '';
  readonly exited: Promise<number | null>;

  constructor(args: string[]) {
    const repo = repoDir();
    const main = path.join(repo, 'apps/phone/dist/phone.mjs');
    if (!existsSync(main)) {
      execFileSync('npm', ['run', 'build', '--silent', '-w', 'apps/phone'], { cwd: repo, stdio: 'pipe' });
    }
    this.proc = spawn(process.execPath, [main, '--dir', this.dir, ...args], {
      cwd: repo,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.out += chunk.toString();
    };
    this.proc.stdout?.on('data', keep);
    this.proc.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => this.proc.once('exit', (code) => resolve(code)));
  }

  get output(): string {
    return this.out;
  }

  /** What was printed after `mark` (an earlier `output.length`). */
  since(mark: number): string {
    return this.out.slice(mark);
  }

  async waitFor(text: string | RegExp, from = 0, timeout = 15_000): Promise<string> {
    await expect
      .poll(
        () => {
          const part = this.out.slice(from);
          return typeof text === 'string' ? part.includes(text) : text.test(part);
        },
        { message: `the phone prints ${text}; it printed:\n${this.out}`, timeout },
      )
      .toBe(true);
    return this.out.slice(from);
  }

  type(line: string) {
    this.proc.stdin?.write(`${line}\n`);
  }

  get running(): boolean {
    return this.proc.exitCode === null && this.proc.signalCode === null;
  }

  async stop() {
    if (this.running) {
      this.proc.kill('SIGTERM');
      await this.exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Starts the phone client for the account and signs it in with the SMS code the server sent. */
export async function startPhone(
  baseUrl: string,
  account: { username: string; password: string; phone: string },
  brand: string,
  model: string,
): Promise<PhoneProcess> {
  const since = Date.now();
  const phone = new PhoneProcess([
    '--server',
    baseUrl,
    '--account',
    account.username,
    '--password',
    account.password,
    '--brand',
    brand,
    '--model',
    model,
    // Only the locate commands move it on the map: the test compares the page with them.
    '--report-every',
    '3600',
  ]);
  await phone.waitFor('请输入验证码');
  phone.type(await codeSentTo(account.phone, since, 'sms'));
  await phone.waitFor('登录成功');
  return phone;
}

/**
 * Opens /find/index: the finder scope is not verified, so the portal goes to /find.check; the
 * check passes with the captcha and an e-mail code, and the portal comes back to /find/index.
 */
export async function passFindGate(page: Page, email: string) {
  await passEmailGate(page, 'find', '查找手机需要安全验证', email);
}

/**
 * Clicks a dialog's button until the dialog has gone: on a loaded machine a click during a
 * pop-up's entrance animation can be lost (seen in the verification tests), and a person would
 * click again.
 */
export async function pressUntilClosed(button: Locator, dialog: Locator) {
  // A confirm opens a moment after its button: not yet shown must not count as already closed.
  await expect(dialog).toBeVisible();
  await expect(async () => {
    if (await dialog.isVisible()) await button.click({ timeout: 3000 });
    await expect(dialog).toBeHidden({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
}

/** The place and coordinates of the newest locate the phone answered, as it printed them. */
export function lastLocate(output: string): { place: string; longitude: number; latitude: number } {
  const all = [...output.matchAll(/收到定位指令：已上报位置 (.+)（(-?[\d.]+), (-?[\d.]+)）/g)];
  const m = all.at(-1);
  if (!m) throw new Error(`the phone answered no locate:\n${output}`);
  return { place: m[1] ?? '', longitude: Number(m[2]), latitude: Number(m[3]) };
}

/** Whether the page scrolls sideways (it must not, from 375 px up). */
export const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
