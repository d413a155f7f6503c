import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import type { SinkMessage } from './sinks';

export { expect };

export const test = base.extend({
  // The server listens on a port chosen by the global setup.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});

/**
 * Saves a screenshot as test-results/screenshots/{name}.png: the whole page, or only the window
 * while a dialog is open (its mask covers the window, not the rest of a long page).
 */
export async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  const dir = path.join(test.info().project.outputDir, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await settled(page);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

/**
 * Waits until the page has drawn what it is showing: fonts loaded, every animation and
 * transition that has an end (a route fade, a toast or pop-up coming in) finished, and a frame
 * painted after that. Endless ones (a spinner) are left running.
 */
export async function settled(page: Page): Promise<void> {
  try {
    await page.evaluate(drawn);
  } catch (error) {
    // A full navigation under way replaces the document: wait for the new one instead.
    if (!String(error).includes('Execution context was destroyed')) throw error;
    await page.waitForLoadState();
    await page.evaluate(drawn);
  }
}

/** Runs in the page (Playwright sends its source): no closure over the test's names. */
async function drawn(): Promise<void> {
  await document.fonts.ready;
  const ending = document
    .getAnimations()
    .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime));
  // A cancelled animation (its element removed) rejects `finished`: it has settled too.
  await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

/** Signs in through the central login page and waits for the portal's home page. */
export async function signIn(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/account/#/login');
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/#\/home\/index$/);
}

/** Every code the portal sent during the run, as the sinks got them. */
export async function sinkMessages(): Promise<SinkMessage[]> {
  const url = process.env.E2E_SINK_URL;
  if (!url) throw new Error('E2E_SINK_URL is not set: the global setup did not run');
  return (await (await fetch(url)).json()) as SinkMessage[];
}

/** The six-digit code of the newest message to `to` that arrived after `since`. */
export async function codeSentTo(
  to: string,
  since: number,
  channel: SinkMessage['channel'],
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const latest = (await sinkMessages())
          .filter((m) => m.channel === channel && m.to === to && m.at >= since)
          .pop();
        found = latest?.text.match(/(?<!\d)\d{6}(?!\d)/)?.[0];
        return found;
      },
      { message: `a code sent by ${channel} to ${to}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return found as string;
}

/**
 * Keeps every URL the page's router pushes or replaces, so a test can see that a route was asked
 * for even when the catch-all route sends it on to /home/index (as for areas not served yet).
 */
export async function recordRoutes(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__routesSeen', { value: seen });
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (state: unknown, unused: string, url?: string | URL | null) => {
        if (url) seen.push(String(url));
        original(state, unused, url);
      };
    }
  });
  return () => page.evaluate(() => (window as unknown as { __routesSeen: string[] }).__routesSeen);
}
