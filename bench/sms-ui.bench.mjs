// Issue 10, the portal side: the SMS page in Chromium with a box of 200,000 messages in 2,000
// conversations (one of 10,000), imported with the operator CLI into an account with a verified
// session written into the bench server's database.
// - Opening /#/sms/index to the first conversations painted (target < 800 ms).
// - Opening the 10,000-message conversation to its newest bubble painted (target < 800 ms).
// - Scrolling that conversation up through older pages: frame intervals while it reads them.
// A bare Vite + React page's time to paint, measured in the same run, is printed as the floor.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../scripts/lib.mjs';
import { benchAccount } from './support/account.mjs';
import { buildBarePage, serveStatic } from './support/bare-page.mjs';
import { launchChromium, median, mobileOpens, openTime, target } from './support/browser.mjs';
import { figure } from './support/figures.mjs';
import { startServer } from './support/server.mjs';
import { BIG, BIG_ADDRESS, CONVERSATIONS, importFile, MESSAGES, writeBox } from './support/sms-box.mjs';

const OPEN_RUNS = 5;
const SCROLL_MS = 4000;

/**
 * Scrolls the open conversation up with the mouse wheel for `ms`, as a reader flicking back
 * would, and records every frame's interval; answers them with the messages loaded at the end.
 */
async function scrollUp(page, ms) {
  await page.hover('.sms-messages');
  await page.evaluate(() => {
    const w = window;
    w.__frames = [];
    let last = performance.now();
    const tick = (now) => {
      w.__frames.push(now - last);
      last = now;
      if (!w.__stop) requestAnimationFrame(tick);
    };
    w.__stop = false;
    requestAnimationFrame(tick);
  });
  const end = Date.now() + ms;
  while (Date.now() < end) {
    await page.mouse.wheel(0, -1200);
    await page.waitForTimeout(16);
  }
  await page.evaluate(() => {
    window.__stop = true;
  });
  const frames = await page.evaluate(() => window.__frames.slice(1));
  const loaded = await page.evaluate(() => Number(document.querySelector('.sms-messages')?.dataset.loaded));
  return { frames, loaded };
}

const percentile = (values, p) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

export default async function smsUiBench() {
  const dir = mkdtempSync(path.join(tmpdir(), 'pc-bench-sms-ui-'));
  const bare = await serveStatic(await buildBarePage());
  // The server serves a private copy of the build: a rebuild of apps/web/dist during the run
  // (another checkout's tests) would otherwise change the page under the measurement.
  const web = mkdtempSync(path.join(tmpdir(), 'pc-bench-web-'));
  cpSync(path.join(ROOT, 'apps/web/dist'), web, { recursive: true });
  const server = await startServer({ SEED_DEMO: '0', WEB_DIST: web });
  const browser = await launchChromium();
  try {
    const barePaint = [];
    for (let i = 0; i < OPEN_RUNS; i++) {
      const run = await openTime(browser, null, bare.url, '#ready');
      barePaint.push(run.ms);
      await run.ctx.close();
    }
    const bareMs = median(barePaint);
    console.log(
      `bare Vite + React page, navigation to paint (median of ${OPEN_RUNS}): ${bareMs.toFixed(1)} ms`,
    );

    const { xmlPath } = await writeBox(dir);
    const account = await benchAccount(server, 'benchsmsui');
    const imported = await importFile(server, 'benchsmsui', xmlPath);
    console.log(
      `\n${MESSAGES.toLocaleString('en')} messages in ${CONVERSATIONS.toLocaleString('en')} conversations imported in ${(imported.ms / 1000).toFixed(1)} s (${imported.out})`,
    );
    const sid = account.client.cookies.get('pc_sid');
    const cookie = { name: 'pc_sid', value: sid, url: server.url };
    const listBytes = (await (await account.client.fetch('/sms/list.do')).arrayBuffer()).byteLength;
    console.log(`  list.do: ${(listBytes / 1024).toFixed(0)} KB`);
    const newest = await account.client.call('/sms/detail.do', { format_address: BIG_ADDRESS });
    if (newest.count !== BIG) throw new Error(`the big conversation has ${newest.count} messages`);
    const newestId = newest.sms_list.at(-1)?.server_id;

    const opens = [];
    let last = null;
    for (let i = 0; i < OPEN_RUNS; i++) {
      if (last) await last.ctx.close();
      last = await openTime(browser, cookie, `${server.url}/#/sms/index`, '.sms-list .sms-row');
      opens.push(last.ms);
    }
    target(
      `open the SMS page → first conversations painted (median of ${OPEN_RUNS})`,
      median(opens),
      800,
      bareMs,
    );
    console.log(`  runs: ${opens.map((v) => v.toFixed(0)).join(', ')} ms`);
    await mobileOpens(browser, 'open the SMS page', {
      bareUrl: bare.url,
      url: `${server.url}/#/sms/index`,
      selector: '.sms-list .sms-row',
      cookie,
    });

    const conversation = [];
    for (let i = 0; i < OPEN_RUNS; i++) {
      if (last) await last.ctx.close();
      last = await openTime(
        browser,
        cookie,
        `${server.url}/#/sms/full/${BIG_ADDRESS}`,
        `.sms-msg[data-server-id="${newestId}"]`,
      );
      conversation.push(last.ms);
    }
    target(
      `open the ${BIG.toLocaleString('en')}-message conversation → newest bubble painted (median of ${OPEN_RUNS})`,
      median(conversation),
      800,
      bareMs,
    );
    console.log(`  runs: ${conversation.map((v) => v.toFixed(0)).join(', ')} ms`);

    // On the last opened conversation, once it has settled: flick back through older pages.
    const page = last.page;
    await page.waitForTimeout(1000);
    const { frames, loaded } = await scrollUp(page, SCROLL_MS);
    console.log(
      `scroll up for ${SCROLL_MS / 1000} s (wheel): ${frames.length} frames, median ${median(frames).toFixed(1)} ms, p95 ${percentile(frames, 95).toFixed(1)} ms, slowest ${Math.max(...frames).toFixed(1)} ms; ${loaded.toLocaleString('en')} messages read by then`,
    );
    const frameTarget = 50;
    figure('scroll up: frame time p95', percentile(frames, 95), { unit: 'ms' });
    console.log(
      `  frames over ${frameTarget} ms: ${frames.filter((f) => f > frameTarget).length} (p95 ${percentile(frames, 95) <= frameTarget ? 'meets' : 'MISSES'} target ≤ ${frameTarget} ms)`,
    );
    await last.ctx.close();
  } finally {
    await browser.close();
    bare.close();
    await server.stop();
    rmSync(web, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  }
}
