import { defineConfig } from '@playwright/test';

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
  // One browser: two at once on two cores finished no sooner (3.7 tests a minute against 4.4),
  // each test's Chromium and the server sharing the cores.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
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
