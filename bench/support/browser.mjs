// Debian's Chromium through playwright-core, with the flags this machine needs.
import { chromium } from '@playwright/test';
import { figure } from './figures.mjs';

/** `extraArgs`: more flags, e.g. a frame-time bench's `--disable-frame-rate-limit`. */
export function launchChromium(extraArgs = []) {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Prints one figure against its reference measured in the same run. */
export function report(name, value, reference, unit, target) {
  const ratio = value / reference;
  const verdict = target ? `${target.test(ratio) ? 'meets' : 'MISSES'} target ${target.text}` : '';
  console.log(
    `${name}: ${value.toFixed(unit === 'B' ? 0 : 1)} ${unit} vs reference ${reference.toFixed(unit === 'B' ? 0 : 1)} ${unit} = ${ratio.toFixed(2)}x ${verdict}`,
  );
  figure(`${name} (ratio)`, ratio, { unit: 'x', better: higherIsBetter(unit, target) ? 'higher' : 'lower' });
  return { name, value, reference, ratio };
}

/** A ratio is better higher when its target asks for at least some value, or it is a speed. */
function higherIsBetter(unit, target) {
  if (target) return target.text.trimStart().startsWith('>');
  return unit.endsWith('/s') || unit === 'x';
}

/**
 * Runs in the page before anything else: records when the first element matching a selector
 * appears, then waits for the frame to be painted (rAF runs before paint, a task after it).
 */
export function paintProbe(selector) {
  const w = window;
  w.__firstPaint = null;
  const done = () => requestAnimationFrame(() => setTimeout(() => (w.__firstPaint = performance.now())));
  const observer = new MutationObserver(() => {
    if (document.querySelector(selector)) {
      observer.disconnect();
      done();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * A phone's mobile link, as Chromium's network emulation applies it to every request: what a
 * page that asks for many files pays in round trips, which a page served from localhost hides.
 */
export const MOBILE_LINK = {
  latency: 150,
  downloadThroughput: (10e6 / 8) | 0,
  uploadThroughput: (5e6 / 8) | 0,
};

/**
 * Time from opening the page (navigation start) to the first matching element painted, ms;
 * `link` (e.g. MOBILE_LINK) emulates a slower network.
 */
export async function openTime(browser, cookie, url, selector, link = null) {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (cookie) await ctx.addCookies([cookie]);
  const page = await ctx.newPage();
  if (link) {
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...link });
  }
  await page.addInitScript(paintProbe, selector);
  // Under an emulated link the page's load event comes long after its first rows: not waited for.
  await page.goto(url, link ? { waitUntil: 'commit' } : undefined);
  await page.waitForFunction(() => window.__firstPaint !== null, null, { timeout: 60_000 });
  const ms = await page.evaluate(() => window.__firstPaint);
  return { ms, page, ctx };
}

/**
 * A page opened over MOBILE_LINK `runs` times, each beside the bare page over the same link,
 * reported as a ratio to it (the link's cost is in both): the files a page asks for cost round
 * trips there (the areas' libraries are one file for that reason, docs/architecture.md).
 */
export async function mobileOpens(browser, name, { bareUrl, url, selector, cookie, runs = 3 }) {
  const bare = [];
  const opens = [];
  for (let i = 0; i < runs; i++) {
    const b = await openTime(browser, null, bareUrl, '#ready', MOBILE_LINK);
    bare.push(b.ms);
    await b.ctx.close();
    const run = await openTime(browser, cookie, url, selector, MOBILE_LINK);
    opens.push(run.ms);
    await run.ctx.close();
  }
  report(
    `${name} over a mobile link (150 ms, 10 Mbit/s) vs the bare page`,
    median(opens),
    median(bare),
    'ms',
  );
  const list = (values) => values.map((v) => v.toFixed(0)).join(', ');
  console.log(`  runs: ${list(opens)} ms; bare ${list(bare)} ms`);
}

/** Prints a time against its target (and the bare page's time when given). */
export function target(name, value, limit, reference) {
  const ref =
    reference === undefined
      ? ''
      : ` vs bare page ${reference.toFixed(1)} ms (${(value / reference).toFixed(1)}x)`;
  console.log(
    `${name}: ${value.toFixed(1)} ms${ref} ${value < limit ? 'meets' : 'MISSES'} target < ${limit} ms`,
  );
  figure(name, value, { unit: 'ms' });
}
