import { defineConfig } from '@playwright/test';

/** The files that sign in as, or send codes to, the demo account (directly or by support/sms.ts). */
const DEMO_FILES = [
  'account',
  'calendar-bin',
  'home',
  'phone-sync',
  'sms-mobile',
  'sms-targets',
  'sms',
  'verify',
].map((name) => `**/${name}.e2e.ts`);

/**
 * Browser tests in Debian's Chromium against the real server. The global setup starts the server
 * (from the build `npm run build` made) with SMTP and SMS sinks; it builds nothing itself.
 */
export default defineConfig({
  testDir: './e2e',
  // Not *.spec.ts: a vitest run from the repository root must not pick these up.
  testMatch: '**/*.e2e.ts',
  outputDir: 'test-results',
  globalSetup: './e2e/support/global-setup.ts',
  // Two browsers at once: most of a test's time is spent waiting for the server, and each test
  // signs up an account of its own. The tests that share the demo account (its password, codes
  // sent to its phone, its sessions) stay one at a time in a project of their own.
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  projects: [
    { name: 'demo', testMatch: DEMO_FILES, workers: 1 },
    { name: 'own', testIgnore: DEMO_FILES },
  ],
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    // No entrance animations: a click while a pop-up zooms in can be lost on a loaded machine.
    // The portal honours the setting (route fade, antd motion); one test checks both ways.
    reducedMotion: 'reduce',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
