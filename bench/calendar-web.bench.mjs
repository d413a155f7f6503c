// Issue 25: the calendar's web views in Chromium, with 5,000 events in the account (a tenth of
// them recurring: daily, weekly on chosen days, monthly, yearly, lunar yearly). Figures: the
// first open of the area (navigation to the month's events painted, target < 1 s; a bare Vite +
// React page's time to paint, measured in the same run, is printed alongside as the floor), and
// switching months with the next button (click to the new month's events painted, < 300 ms),
// both the neighbour the page read ahead and a month it had not (a jump by date).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../scripts/lib.mjs';
import { benchAccount } from './support/account.mjs';
import { buildBarePage, serveStatic } from './support/bare-page.mjs';
import { launchChromium, median, openTime, paintProbe, target } from './support/browser.mjs';
import { startServer } from './support/server.mjs';

const EVENTS = 5_000;
const RECURRING_EVERY = 10;
const OPEN_RUNS = 5;
const SWITCHES = 6;
const PLACES = ['会议室 A', '三楼', '协和医院', '家', '公司', '体育馆', ''];
const RULES = [
  'FREQ=DAILY;COUNT=30',
  'FREQ=WEEKLY;BYDAY=MO,WE,FR',
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU',
  'FREQ=MONTHLY;BYMONTHDAY=15',
  'FREQ=MONTHLY;BYDAY=-1FR',
  'FREQ=YEARLY',
];

const pad = (n) => String(n).padStart(2, '0');
const stamp = (d) =>
  `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}00`;

/** 5,000 VEVENTs over the year around `now` in Beijing time; every tenth recurs. */
function calendarFile(now) {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//bench//calendar//ZH'];
  const from = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 6, 1);
  for (let i = 0; i < EVENTS; i++) {
    const dayOffset = (i * 7919) % 365;
    const hour = 7 + (i % 12);
    // Wall clocks of Asia/Shanghai written as floating UTC parts.
    const start = new Date(from + dayOffset * 86_400_000 + hour * 3_600_000);
    const end = new Date(start.getTime() + (30 + (i % 4) * 30) * 60_000);
    lines.push('BEGIN:VEVENT', `UID:bench-${i}@calendar`, 'DTSTAMP:20260101T000000Z');
    if (i % 50 === 7) {
      // An all-day event, some of several days.
      const d = stamp(start).slice(0, 8);
      const e = stamp(new Date(start.getTime() + (1 + (i % 3)) * 86_400_000)).slice(0, 8);
      lines.push(`DTSTART;VALUE=DATE:${d}`, `DTEND;VALUE=DATE:${e}`);
    } else {
      lines.push(`DTSTART;TZID=Asia/Shanghai:${stamp(start)}`, `DTEND;TZID=Asia/Shanghai:${stamp(end)}`);
    }
    if (i % RECURRING_EVERY === 0) {
      const k = (i / RECURRING_EVERY) % (RULES.length + 1);
      if (k < RULES.length) lines.push(`RRULE:${RULES[k]}`);
      else lines.push('RRULE:FREQ=YEARLY', `X-LUNAR-DATE:1960-${1 + (i % 12)}-${1 + (i % 28)}`);
    }
    lines.push(
      `SUMMARY:日程 ${i}`,
      `LOCATION:${PLACES[i % PLACES.length]}`,
      `DESCRIPTION:第 ${i} 个日程的备注`,
    );
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

async function importFile(client, text) {
  const body = new FormData();
  body.append('file', new Blob([text], { type: 'text/calendar' }), 'bench.ics');
  const res = await client.fetch('/calendar/import.do', { method: 'POST', body });
  const env = await res.json();
  if (env.code !== 0) throw new Error(`import.do: ${env.code} ${env.message ?? ''}`);
  return env.data;
}

/** In the page: time from a click on `button` until the title reads `title` and events are painted. */
function switchProbe({ selector, title }) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const done = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0)));
    const check = () => {
      const heading = document.querySelector('.cal-toolbar__title')?.textContent;
      if (
        heading === title &&
        document.querySelector('.cal-month__cell .cal-chip') &&
        document.querySelector('.cal').getAttribute('aria-busy') === 'false'
      ) {
        observer.disconnect();
        done();
        return true;
      }
      return false;
    };
    const observer = new MutationObserver(check);
    // A month with no event never shows a chip: give up there rather than wait for ever.
    setTimeout(() => {
      observer.disconnect();
      resolve(Number.NaN);
    }, 10_000);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
    });
    document.querySelector(selector).click();
  });
}

/** The first day of the month grid of the month after `first` (the Monday on or before its 1st). */
function nextGridStart(first) {
  const next = new Date(first.getFullYear(), first.getMonth() + 1, 1);
  const monday = new Date(next.getFullYear(), next.getMonth(), next.getDate() - ((next.getDay() + 6) % 7));
  return `${monday.getFullYear()}-${pad(monday.getMonth() + 1)}-${pad(monday.getDate())}`;
}

/** Resolves when the page has read the range of the month after `first` (its read-ahead). */
function nextMonthRead(page, first) {
  const start = `start=${nextGridStart(first)}`;
  return page.waitForResponse((r) => r.url().includes('/calendar/range.do') && r.url().includes(start), {
    timeout: 60_000,
  });
}

export default async function calendarWebBench() {
  const bare = await serveStatic(await buildBarePage());
  const web = mkdtempSync(path.join(tmpdir(), 'pc-bench-web-'));
  cpSync(path.join(ROOT, 'apps/web/dist'), web, { recursive: true });
  const server = await startServer({ SEED_DEMO: '0', WEB_DIST: web });
  const browser = await launchChromium();
  try {
    const barePaint = [];
    for (let i = 0; i < OPEN_RUNS; i++) {
      const ctx = await browser.newContext();
      const page = await ctx.newPage();
      await page.addInitScript(paintProbe, '#ready');
      await page.goto(bare.url);
      await page.waitForFunction(() => window.__firstPaint !== null);
      barePaint.push(await page.evaluate(() => window.__firstPaint));
      await ctx.close();
    }
    const bareMs = median(barePaint);
    console.log(
      `bare Vite + React page, navigation to paint (median of ${OPEN_RUNS}): ${bareMs.toFixed(1)} ms`,
    );

    const user = await benchAccount(server, 'calendarweb');
    const now = new Date();
    let t0 = performance.now();
    const imported = await importFile(user.client, calendarFile(now));
    console.log(
      `\n${EVENTS.toLocaleString('en')} events imported (${EVENTS / RECURRING_EVERY} recurring) in ${((performance.now() - t0) / 1000).toFixed(1)} s: created ${imported.created}, errors ${imported.errors.length}`,
    );
    const month = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-01`;
    // The server's part: range.do of the month grid, from Node.
    const times = [];
    let count = 0;
    for (let i = 0; i < 3; i++) {
      t0 = performance.now();
      const r = await user.client.call(
        `/calendar/range.do?start=${month}&end=${month.slice(0, 8)}28&tz=Asia/Shanghai`,
      );
      times.push(performance.now() - t0);
      count = r.instances.length;
    }
    console.log(
      `  range.do of the month: ${count} instances in ${median(times).toFixed(0)} ms (median of 3, from Node)`,
    );

    const cookie = { name: 'pc_sid', value: user.client.cookies.get('pc_sid'), url: server.url };
    const opens = [];
    for (let i = 0; i < OPEN_RUNS; i++) {
      const run = await openTime(
        browser,
        cookie,
        `${server.url}/#/calendar/month/${month}`,
        '.cal-month__cell .cal-chip',
      );
      opens.push(run.ms);
      await run.ctx.close();
    }
    target(
      `first open of the area → month painted, ${EVENTS.toLocaleString('en')} events (median of ${OPEN_RUNS})`,
      median(opens),
      1000,
      bareMs,
    );
    console.log(`  runs: ${opens.map((v) => v.toFixed(0)).join(', ')} ms`);

    const ctx = await browser.newContext({ viewport: { width: 1374, height: 900 } });
    await ctx.addCookies([cookie]);
    const page = await ctx.newPage();
    await page.goto(`${server.url}/#/calendar/month/${month}`);
    const switches = [];
    const d = new Date(now.getFullYear(), now.getMonth(), 1);
    // The next month is read ahead once a month is in: each switch comes after that answer.
    let ahead = nextMonthRead(page, d);
    await page.waitForSelector('.cal-month__cell .cal-chip', { timeout: 60_000 });
    for (let i = 0; i < SWITCHES; i++) {
      await ahead;
      ahead = nextMonthRead(page, new Date(d.getFullYear(), d.getMonth() + 1, 1));
      d.setMonth(d.getMonth() + 1);
      const title = `${d.getFullYear()}年${d.getMonth() + 1}月`;
      switches.push(await page.evaluate(switchProbe, { selector: '[aria-label="下一页"]', title }));
    }
    target(`month switch (next) → events painted (median of ${SWITCHES})`, median(switches), 300);
    console.log(
      `  runs: ${switches.map((v) => v.toFixed(0)).join(', ')} ms; worst ${Math.max(...switches).toFixed(0)} ms`,
    );
    // A month the page had not read ahead: straight after a jump, back one month at once.
    const cold = [];
    for (let i = 0; i < 3; i++) {
      const far = new Date(now.getFullYear(), now.getMonth() - 3 - i * 2, 1);
      await page.goto(`${server.url}/#/calendar/month/${far.getFullYear()}-${pad(far.getMonth() + 1)}-01`);
      await page.waitForSelector('.cal-month__cell .cal-chip');
      const prev = new Date(far.getFullYear(), far.getMonth() - 1, 1);
      cold.push(
        await page.evaluate(switchProbe, {
          selector: '[aria-label="上一页"]',
          title: `${prev.getFullYear()}年${prev.getMonth() + 1}月`,
        }),
      );
    }
    const painted = cold.filter(Number.isFinite);
    if (painted.length > 0)
      target(
        `month switch right after a jump (not read ahead yet; median of ${painted.length})`,
        median(painted),
        300,
      );
    console.log(
      `  runs: ${cold.map((v) => (Number.isFinite(v) ? v.toFixed(0) : 'no events shown')).join(', ')} ms`,
    );
    await ctx.close();
  } finally {
    await browser.close();
    bare.close();
    await server.stop();
    rmSync(web, { recursive: true, force: true });
  }
}
