// Photos (issue 26): the timeline of 100,000 photos (BENCH_PHOTO_ROWS sets the count) in Chromium.
// Rows are written straight into the bench server's database (the upload path has benches of its
// own), spread over 16 years, each with a real 256 px JPEG thumbnail in the blob store. Figures:
// opening /#/photo/index → the first thumbnail painted (target < 1 s, beside a bare Vite + React
// page's paint); a click on a year in the scrubber not shown yet → a thumbnail of that year painted
// (target < 500 ms); and the frame time while the timeline scrolls (p95, target ≤ 16 ms), with
// the browser's frame rate unthrottled so that a frame's time is its own work, not the 60 Hz beat.
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ROOT } from '../scripts/lib.mjs';
import { benchAccount, openServerDb } from './support/account.mjs';
import { buildBarePage, serveStatic } from './support/bare-page.mjs';
import { launchChromium, median, openTime, target } from './support/browser.mjs';
import { startServer } from './support/server.mjs';

const ROWS = Number(process.env.BENCH_PHOTO_ROWS ?? 100_000);
const FIRST_YEAR = 2011;
const YEARS = 16;
const OPEN_RUNS = 5;
const JUMP_RUNS = 5;
const SCROLL_FRAMES = 240;

/** One real thumbnail, filed in the blob store under its hash, as the metadata queue would. */
async function storeThumb(dataDir) {
  const bytes = await sharp({
    create: { width: 256, height: 192, channels: 3, background: { r: 70, g: 130, b: 180 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  const key = createHash('sha256').update(bytes).digest('hex');
  const dir = path.join(dataDir, 'blobs', key.slice(0, 2), key.slice(2, 4));
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, key), bytes);
  return key;
}

/** `ROWS` read photos of one user, a day and time each across the years, newest last. */
function writeRows(server, userId, thumbKey) {
  const db = openServerDb(server);
  const insert = db.prepare(
    `INSERT INTO photos (user_id, sha256, size, name, kind, mime, taken_at, month, time_source,
       width, height, meta_state, source, created_at, thumb_key, thumb_large_key)
     VALUES (?, ?, 158000, ?, 1, 'image/jpeg', ?, ?, 1, 4032, 3024, 1, 'bench', ?, ?, ?)`,
  );
  const span = YEARS * 365 * 86_400_000;
  const start = Date.UTC(FIRST_YEAR, 0, 1);
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) {
      const taken = start + Math.floor((span * (i + 0.5)) / ROWS);
      const d = new Date(taken);
      const month = d.getUTCFullYear() * 100 + d.getUTCMonth() + 1;
      const sha = createHash('sha256').update(`bench-photo-${i}`).digest('hex');
      insert.run(userId, sha, `IMG_${i}.JPG`, taken, month, now, thumbKey, thumbKey);
    }
  })();
  db.close();
}

/** Before anything runs in the page: when the first thumbnail has loaded, then been painted. */
function thumbProbe() {
  const w = window;
  w.__thumbPainted = null;
  const look = () => {
    const img = [...document.querySelectorAll('.photo-cell img')].find(
      (i) => i.complete && i.naturalWidth > 0,
    );
    if (img) setTimeout(() => (w.__thumbPainted = performance.now()));
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/** Clicks `year` in the scrubber; ms from the click to a thumbnail of that year painted. */
async function jumpTime(page, year) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => document.querySelector('.photo-cell img')?.complete);
  return page.evaluate(
    (year) =>
      new Promise((resolve) => {
        const before = new Set(document.querySelectorAll('.photo-cell img'));
        const button = [...document.querySelectorAll('[aria-label="按年份跳转"] button')].find(
          (b) => b.textContent === String(year),
        );
        const t0 = performance.now();
        button.click();
        const look = () => {
          const fresh = [...document.querySelectorAll('.photo-cell img')].find((i) => {
            if (before.has(i) || !i.complete || i.naturalWidth === 0) return false;
            const r = i.getBoundingClientRect();
            return r.bottom > 0 && r.top < window.innerHeight;
          });
          if (fresh) setTimeout(() => resolve(performance.now() - t0));
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
    year,
  );
}

/** Whether every thumbnail in the window has loaded (and there is one). */
function inViewPainted() {
  const shown = [...document.querySelectorAll('.photo-cell img')].filter((i) => {
    const r = i.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight;
  });
  return shown.length > 0 && shown.every((i) => i.complete && i.naturalWidth > 0);
}

/** Scrolls down a screen's third each frame; each frame's time (rAF to rAF), ms. */
function scrollFrames(page) {
  return page.evaluate(
    (frames) =>
      new Promise((resolve) => {
        const times = [];
        let last = null;
        const step = (t) => {
          if (last !== null) times.push(t - last);
          last = t;
          if (times.length >= frames) return resolve(times);
          window.scrollBy(0, Math.round(window.innerHeight / 3));
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
    SCROLL_FRAMES,
  );
}

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * p)];

async function bareFloor(browser) {
  const bare = await serveStatic(await buildBarePage());
  try {
    const runs = [];
    for (let i = 0; i < OPEN_RUNS; i++) {
      const run = await openTime(browser, null, bare.url, '#ready');
      runs.push(run.ms);
      await run.ctx.close();
    }
    return median(runs);
  } finally {
    bare.close();
  }
}

/** A fresh page of the timeline, with its first thumbnail's paint time. */
async function openTimeline(browser, cookie, url) {
  const ctx = await browser.newContext({ viewport: { width: 1374, height: 900 } });
  await ctx.addCookies([cookie]);
  const page = await ctx.newPage();
  await page.addInitScript(thumbProbe);
  await page.goto(`${url}/#/photo/index`);
  await page.waitForFunction(() => window.__thumbPainted !== null, null, { timeout: 60_000 });
  return { ctx, page, ms: await page.evaluate(() => window.__thumbPainted) };
}

export default async function photosUiBench() {
  const web = mkdtempSync(path.join(tmpdir(), 'pc-bench-web-'));
  cpSync(path.join(ROOT, 'apps/web/dist'), web, { recursive: true });
  const server = await startServer({ SEED_DEMO: '0', WEB_DIST: web });
  // Unthrottled frames: a frame's time is the page's own work (scrolling, drawing rows).
  const browser = await launchChromium(['--disable-frame-rate-limit', '--disable-gpu-vsync']);
  try {
    const bareMs = await bareFloor(browser);
    const account = await benchAccount(server, 'benchphotos');
    const t0 = performance.now();
    writeRows(server, account.userId, await storeThumb(server.dataDir));
    console.log(
      `${ROWS.toLocaleString('en')} photo rows written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const cookie = { name: 'pc_sid', value: account.client.cookies.get('pc_sid'), url: server.url };

    const opens = [];
    let last = null;
    for (let i = 0; i < OPEN_RUNS; i++) {
      if (last) await last.ctx.close();
      last = await openTimeline(browser, cookie, server.url);
      opens.push(last.ms);
    }
    const count = ROWS.toLocaleString('en');
    target(
      `open the timeline of ${count} photos → first thumbnail painted (median of ${OPEN_RUNS})`,
      median(opens),
      1000,
      bareMs,
    );
    console.log(`  runs: ${opens.map((v) => v.toFixed(0)).join(', ')} ms`);

    const jumps = [];
    // A year not shown yet each time: none of its months loaded, none of its thumbnails cached.
    for (let i = 0; i < JUMP_RUNS; i++) jumps.push(await jumpTime(last.page, FIRST_YEAR + i * 3));
    target(`scrubber to another year → its thumbnails painted (median of ${JUMP_RUNS})`, median(jumps), 500);
    console.log(`  runs: ${jumps.map((v) => v.toFixed(0)).join(', ')} ms`);

    await last.page.evaluate(() => window.scrollTo(0, 0));
    // A settled screen, as a person scrolls one they have looked at: the thumbnails in view have
    // loaded (else the first frames measure their arrival, not the scroll).
    await last.page.waitForFunction(inViewPainted);
    const frames = await scrollFrames(last.page);
    target(`scrolling the timeline: frame time p95 (${frames.length} frames)`, percentile(frames, 0.95), 16);
    console.log(`  median ${median(frames).toFixed(1)} ms, slowest ${Math.max(...frames).toFixed(1)} ms`);
    await last.ctx.close();
  } finally {
    await browser.close();
    await server.stop();
    rmSync(web, { recursive: true, force: true });
  }
}
