import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { CAPTCHA_ANSWER } from './demo';
import { freePort } from './free-port';
import { startSinks } from './sinks';

/**
 * A start-up takes a few seconds alone; creating the demo account hashes its password and seeds
 * its data, which on a busy machine (CI shares its cores) has taken over 30 s.
 */
const START_TIMEOUT_MS = 120_000;

async function waitUntilServing(url: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}:\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer ${url} within ${START_TIMEOUT_MS / 1000} s:\n${log()}`);
}

/**
 * Starts the code sinks and the real server on a fresh data directory. It builds nothing: the
 * tests run against what `npm run build` produced. Tests find both through environment variables,
 * which Playwright hands to its workers.
 */
export default async function globalSetup(config: FullConfig) {
  const repo = path.resolve(config.rootDir, '..');
  const main = path.join(repo, 'apps/server/dist/main.js');
  const web = path.join(repo, 'apps/web/dist/index.html');
  for (const built of [main, web]) {
    if (!existsSync(built))
      throw new Error(`${path.relative(repo, built)} is missing: run \`npm run build\` first`);
  }

  const sinks = await startSinks();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'phonecloud-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER,
    SMTP_URL: sinks.smtpUrl,
    SMS_WEBHOOK_URL: sinks.smsWebhookUrl,
    LOG_LEVEL: 'warn',
    // No load balancer watches this one: it stops at once when the run ends.
    SHUTDOWN_DRAIN_SECONDS: '0',
    // Every test signs up from this one address to numbers of a few blocks, and several areas'
    // tests pass the demo account's gate by SMS within the hour: the hourly limits have their own
    // API test (apps/server/test/sms-limits.test.ts).
    SMS_HOURLY_PER_ADDRESS: '100000',
    SMS_HOURLY_PER_PREFIX: '100000',
    SMS_HOURLY_PER_ACCOUNT: '100000',
    SMS_HOURLY_GLOBAL: '100000',
  };
  // Always SQLite in the temp directory, whatever the shell points at.
  delete env.DATABASE_URL;
  delete env.SEED_DEMO;
  delete env.DEMO_PASSWORD;
  delete env.FREE_SPACE_GB;

  let output = '';
  const server = spawn(process.execPath, [main], { cwd: repo, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${baseUrl}/platform/info.do`, server, () => output);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_SINK_URL = sinks.readUrl;
  // The contacts tests age a book's history in the database (time machine nodes need 10 quiet minutes).
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    server.kill('SIGTERM');
    if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
    await sinks.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
