// Issue 25, server side.
// - Expansion: the instances of a six-week month view (2026-11-30 .. 2027-01-11) of 1,000
//   recurring events (daily, weekly on chosen days, monthly by date and by weekday, yearly,
//   lunar yearly; begun one to three years before; zones Asia/Shanghai and two others), with
//   their texts already parsed as the server keeps them. Target < 20 ms. Reference: ical.js's
//   own recurrence iterator walking the same rules to the same view (what the server would do
//   without its arithmetic expansion).
// - range.do for that month, over HTTP: an account with the 1,000 recurring events, and an
//   account with 5,000 single events in the month (imported with import.do, timed too).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { ROOT } from '../scripts/lib.mjs';
import { benchAccount } from './support/account.mjs';
import { median, report } from './support/browser.mjs';
import { startServer } from './support/server.mjs';

const RUNS = 15;
const SERIES = 1000;
const SINGLES = 5000;
const VIEW = { start: '2026-11-30', end: '2027-01-11' };

const pad = (n) => String(n).padStart(2, '0');
const stamp = (d) => `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;

/** The VEVENT lines of the i-th recurring event. */
export function seriesLines(i) {
  const began = new Date(Date.UTC(2023 + (i % 3), (i * 7) % 12, 1 + (i % 28)));
  const zone = ['Asia/Shanghai', 'Asia/Shanghai', 'Europe/Berlin', 'America/New_York'][i % 4];
  const time = `T${pad(6 + (i % 14))}${pad((i * 5) % 60)}00`;
  const kinds = [
    ['FREQ=DAILY'],
    ['FREQ=DAILY;INTERVAL=3'],
    ['FREQ=WEEKLY;BYDAY=MO,WE,FR'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH'],
    ['FREQ=MONTHLY'],
    ['FREQ=MONTHLY;BYDAY=2TU'],
    ['FREQ=YEARLY'],
    ['LUNAR'],
  ];
  const [rule] = kinds[i % kinds.length];
  const lines = [
    `UID:series-${i}`,
    'DTSTAMP:20261101T000000Z',
    `SUMMARY:重复日程 ${i}`,
    `LOCATION:会议室 ${i % 20}`,
  ];
  if (rule === 'LUNAR') {
    lines.push(`DTSTART;VALUE=DATE:${stamp(began)}`, `X-LUNAR-DATE:1960-${1 + (i % 12)}-${1 + (i % 29)}`);
  } else {
    // DTSTART on a day the rule picks: the first Monday/Tuesday/second Tuesday after `began`.
    const d = new Date(began);
    const want = rule.includes('BYDAY=MO') ? 1 : rule.includes('BYDAY=TU') || rule.includes('2TU') ? 2 : null;
    if (want !== null) while (d.getUTCDay() !== want) d.setUTCDate(d.getUTCDate() + 1);
    if (rule.includes('2TU')) {
      d.setUTCDate(1);
      while (d.getUTCDay() !== 2) d.setUTCDate(d.getUTCDate() + 1);
      d.setUTCDate(d.getUTCDate() + 7);
    }
    lines.push(`DTSTART;TZID=${zone}:${stamp(d)}${time}`, 'DURATION:PT1H', `RRULE:${rule}`);
  }
  return lines;
}

export function singleLines(i) {
  const day = 1 + (i % 31);
  const hour = 6 + (i % 15);
  return [
    `UID:single-${i}`,
    'DTSTAMP:20261101T000000Z',
    `DTSTART;TZID=Asia/Shanghai:202612${pad(day)}T${pad(hour)}0000`,
    `DTEND;TZID=Asia/Shanghai:202612${pad(day)}T${pad(hour)}4500`,
    `SUMMARY:日程 ${i}`,
    `LOCATION:地点 ${i % 50}`,
  ];
}

export const vcalendar = (events) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Bench//ZH',
    ...events.flatMap((e) => ['BEGIN:VEVENT', ...e, 'END:VEVENT']),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

/**
 * The server's expansion code, bundled for this process (npm packages stay external, so the file
 * lives beside the server's build, where they resolve).
 */
async function expansionModule() {
  const entry = [
    "export { seriesOf } from './apps/server/src/modules/calendar/portal/series.ts';",
    "export { expandSeries } from './apps/server/src/modules/calendar/portal/expand.ts';",
    "export { viewZone } from './apps/server/src/modules/calendar/portal/zone-clock.ts';",
  ].join('\n');
  const file = path.join(ROOT, 'apps/server/dist/bench-calendar-expand.mjs');
  await build({
    stdin: { contents: entry, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: file,
    logLevel: 'silent',
    absWorkingDir: path.resolve(ROOT),
    alias: {
      '@phonecloud/shared/api': './packages/shared/src/api/index.ts',
      '@phonecloud/shared': './packages/shared/src/index.ts',
    },
  });
  return import(pathToFileURL(file).href);
}

export async function expansionBench() {
  const { seriesOf, expandSeries, viewZone } = await expansionModule();
  const ICAL = (await import('ical.js')).default;
  const view = viewZone('Asia/Shanghai');
  const from = view.utcOf(Date.parse(`${VIEW.start}T00:00:00Z`));
  const to = view.utcOf(Date.parse(`${VIEW.end}T00:00:00Z`));
  const texts = Array.from({ length: SERIES }, (_, i) => vcalendar([seriesLines(i)]));
  const lunarKey = (t) => /X-LUNAR-DATE:(\S+)/.exec(t)?.[1] ?? null;
  let t0 = performance.now();
  const series = texts.map((ical, i) =>
    seriesOf({ uid: `series-${i}`, version_code: 1, ical, lunar: lunarKey(ical) }),
  );
  const parseMs = performance.now() - t0;
  let instances = 0;
  const times = [];
  for (let r = 0; r < RUNS + 2; r++) {
    t0 = performance.now();
    instances = 0;
    for (const s of series) instances += expandSeries(s, from, to, view).length;
    times.push(performance.now() - t0);
  }
  const ms = median(times.slice(2));
  // Reference: ical.js walking each rule from its DTSTART to the view's end.
  const refTimes = [];
  for (let r = 0; r < 3; r++) {
    t0 = performance.now();
    for (const text of texts) {
      const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
      const rule = event.getFirstPropertyValue('rrule');
      if (!rule) continue;
      const it = rule.iterator(event.getFirstPropertyValue('dtstart'));
      for (let t = it.next(); t && t.toJSDate().getTime() < to; t = it.next());
    }
    refTimes.push(performance.now() - t0);
  }
  console.log(
    `${SERIES} recurring events: ${instances} instances in the view; parsing their texts once: ${parseMs.toFixed(1)} ms`,
  );
  report('expansion of a month, 1,000 recurring events', ms, median(refTimes), 'ms', {
    test: () => ms < 20,
    text: '< 20 ms',
  });
}

async function timedGet(client, pathname, runs) {
  const once = async () => {
    const t0 = performance.now();
    const res = await client.fetch(`${pathname}&tmp=${Math.random()}`);
    const env = await res.json();
    if (env.code !== 0) throw new Error(`${pathname}: ${env.code} ${env.message ?? ''}`);
    return { ms: performance.now() - t0, data: env.data };
  };
  const cold = await once();
  const times = [];
  for (let i = 0; i < runs; i++) times.push((await once()).ms);
  return { cold: cold.ms, ms: median(times), data: cold.data };
}

async function importFile(client, text) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/calendar' }), 'bench.ics');
  const t0 = performance.now();
  const res = await client.fetch('/calendar/import.do', { method: 'POST', body: form });
  const env = await res.json();
  if (env.code !== 0) throw new Error(`import: ${env.code} ${env.message}`);
  return { ms: performance.now() - t0, data: env.data };
}

async function rangeBench() {
  const server = await startServer({ SEED_DEMO: '0' });
  try {
    const query = `/calendar/range.do?start=${VIEW.start}&end=${VIEW.end}`;
    const a = await benchAccount(server, 'benchcalseries');
    const imp = await importFile(
      a.client,
      vcalendar(Array.from({ length: SERIES }, (_, i) => seriesLines(i))),
    );
    console.log(
      `import.do of ${SERIES} recurring events: ${imp.ms.toFixed(0)} ms (${imp.data.created} created)`,
    );
    const seriesRange = await timedGet(a.client, query, RUNS);
    console.log(
      `range.do, ${SERIES} recurring events: ${seriesRange.data.instances.length} instances, first call ${seriesRange.cold.toFixed(1)} ms, then median ${seriesRange.ms.toFixed(1)} ms`,
    );
    const b = await benchAccount(server, 'benchcalsingles');
    const imp2 = await importFile(
      b.client,
      vcalendar(Array.from({ length: SINGLES }, (_, i) => singleLines(i))),
    );
    console.log(`import.do of ${SINGLES} events: ${imp2.ms.toFixed(0)} ms (${imp2.data.created} created)`);
    const info = await timedGet(b.client, `/calendar/days.do?start=${VIEW.start}&end=${VIEW.end}`, RUNS);
    const singles = await timedGet(b.client, query, RUNS);
    console.log(
      `range.do, ${SINGLES} events in the month: ${singles.data.instances.length} instances, first call ${singles.cold.toFixed(1)} ms`,
    );
    report('range.do of a month with 5,000 events', singles.ms, info.ms, 'ms', {
      test: () => singles.ms < 150,
      text: '< 150 ms (half the 300 ms paint budget)',
    });
  } finally {
    await server.stop();
  }
}

export default async function calendarExpandBench() {
  await expansionBench();
  await rangeBench();
}
