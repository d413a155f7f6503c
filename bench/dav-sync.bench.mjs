// Issue 15, CardDAV/CalDAV with a real client: vdirsyncer (Debian's) syncs an address book of
// 10,000 contacts and a calendar of 2,000 events into empty local folders, from this server and
// from Radicale (Debian's CardDAV/CalDAV server) serving the same cards and events. Then one
// contact changes in the 10,000-contact book: vdirsyncer's incremental sync, and the
// sync-collection REPORT a phone (DAVx5, iOS) sends for it, time and bytes.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { benchAccount } from './support/account.mjs';
import { median, report } from './support/browser.mjs';
import { request } from './support/radicale.mjs';
import { freePort, startServer } from './support/server.mjs';
import { bookVcf } from './support/vcards.mjs';

const run = promisify(execFile);
// BENCH_DAV_CONTACTS / BENCH_DAV_EVENTS run it at another size (a smoke run).
const CONTACTS = Number(process.env.BENCH_DAV_CONTACTS ?? 10_000);
const EVENTS = Number(process.env.BENCH_DAV_EVENTS ?? 2_000);
const RUNS = Number(process.env.BENCH_DAV_RUNS ?? 3);
const VDIRSYNCER = '/usr/bin/vdirsyncer';
const RADICALE = '/usr/bin/radicale';

/** `count` events over two years, a few recurring, with zones, as a phone's calendar holds them. */
function calendarEvents(count) {
  const out = [];
  const base = Date.UTC(2026, 0, 5, 1, 0, 0);
  for (let i = 0; i < count; i++) {
    const start = new Date(base + i * 9 * 3600_000);
    const stamp = (d) =>
      d
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d+Z$/, 'Z');
    const end = new Date(start.getTime() + 3600_000);
    out.push({
      uid: `bench-event-${i}@phonecloud`,
      text: [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//bench//phone//ZH',
        'BEGIN:VEVENT',
        `UID:bench-event-${i}@phonecloud`,
        'DTSTAMP:20260101T000000Z',
        `DTSTART:${stamp(start)}`,
        `DTEND:${stamp(end)}`,
        `SUMMARY:日程 ${i} 项目例会`,
        i % 3 === 0 ? 'LOCATION:深圳市南山区科技园路 1 号 3 楼会议室' : 'LOCATION:线上',
        i % 5 === 0 ? 'DESCRIPTION:讨论本周进度\\n带上笔记本电脑' : 'DESCRIPTION:',
        ...(i % 20 === 0 ? ['RRULE:FREQ=WEEKLY;COUNT=10'] : []),
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        'DESCRIPTION:提醒',
        'TRIGGER:-PT15M',
        'END:VALARM',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    });
  }
  return out;
}

/** Sends `tasks` with `width` in flight. */
async function inParallel(tasks, width) {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: width }, worker));
}

async function startRadicaleDav() {
  const dir = mkdtempSync(path.join(tmpdir(), 'pc-bench-radicale-dav-'));
  const port = await freePort();
  writeFileSync(
    path.join(dir, 'config'),
    `[server]\nhosts = 127.0.0.1:${port}\n[auth]\ntype = none\n[rights]\ntype = owner_only\n` +
      `[storage]\nfilesystem_folder = ${dir}/collections\n[web]\ntype = none\n[logging]\nlevel = warning\n`,
  );
  const child = spawn(RADICALE, ['-C', path.join(dir, 'config')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  const url = `http://127.0.0.1:${port}`;
  const user = 'bench';
  const headers = { authorization: `Basic ${Buffer.from(`${user}:x`).toString('base64')}` };
  let up = false;
  for (let i = 0; i < 100 && !up && child.exitCode === null; i++) {
    up = await request(`${url}/`, { headers }).then(
      () => true,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  if (!up) {
    await stop();
    throw new Error('radicale did not start');
  }
  return {
    url,
    user,
    password: 'x',
    headers,
    book: `${url}/${user}/book/`,
    calendar: `${url}/${user}/calendar/`,
    stop,
  };
}

/** One vdirsyncer set-up (config, status, local folders) for a server's book and calendar. */
function vdirsyncerSetup(name, remote) {
  const dir = mkdtempSync(path.join(tmpdir(), `pc-bench-vdir-${name}-`));
  const storage = (kind, url) =>
    `type = "${kind}"\nurl = "${url}"\nusername = "${remote.user}"\npassword = "${remote.password}"\n`;
  const reset = () => {
    for (const d of ['contacts', 'calendar', 'status']) {
      rmSync(path.join(dir, d), { recursive: true, force: true });
      mkdirSync(path.join(dir, d));
    }
  };
  writeFileSync(
    path.join(dir, 'config'),
    `[general]\nstatus_path = "${dir}/status/"\n\n` +
      `[pair contacts]\na = "contacts_local"\nb = "contacts_remote"\ncollections = null\n\n` +
      `[storage contacts_local]\ntype = "filesystem"\npath = "${dir}/contacts/"\nfileext = ".vcf"\n\n` +
      `[storage contacts_remote]\n${storage('carddav', remote.book)}\n` +
      `[pair calendar]\na = "calendar_local"\nb = "calendar_remote"\ncollections = null\n\n` +
      `[storage calendar_local]\ntype = "filesystem"\npath = "${dir}/calendar/"\nfileext = ".ics"\n\n` +
      `[storage calendar_remote]\n${storage('caldav', remote.calendar)}`,
  );
  const env = { ...process.env, HOME: dir, LANG: 'C.UTF-8' };
  const args = ['-c', path.join(dir, 'config')];
  return {
    dir,
    /** A first sync into empty folders: answers its time (discovery excluded). */
    async full() {
      reset();
      await run(VDIRSYNCER, [...args, 'discover'], { env });
      const t0 = performance.now();
      await run(VDIRSYNCER, [...args, 'sync'], { env, maxBuffer: 64 * 1024 * 1024 });
      const ms = performance.now() - t0;
      const cards = readdirSync(path.join(dir, 'contacts')).length;
      const events = readdirSync(path.join(dir, 'calendar')).length;
      if (cards !== CONTACTS || events !== EVENTS)
        throw new Error(`${name}: synced ${cards} cards, ${events} events`);
      return ms;
    },
    async incremental() {
      const t0 = performance.now();
      await run(VDIRSYNCER, [...args, 'sync', 'contacts'], { env });
      return performance.now() - t0;
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export default async function davSyncBench() {
  const vcf = bookVcf(CONTACTS);
  const events = calendarEvents(EVENTS);
  const server = await startServer({ SEED_DEMO: '0' });
  let radicale = null;
  const setups = [];
  try {
    radicale = await startRadicaleDav();
    // The same data on both: the vCard file imported here, PUT as one collection there.
    const { client } = await benchAccount(server, 'bench-dav');
    const form = new FormData();
    form.append('file', new Blob([vcf], { type: 'text/vcard' }), 'bench.vcf');
    const imported = await (await client.fetch('/contact/inport.do', { method: 'POST', body: form })).json();
    if (imported.code !== 0 || imported.data.added !== CONTACTS) throw new Error('import failed');
    const created = await client.call('/account/app_password_create.do', { name: 'bench' });
    const ours = {
      user: 'bench-dav',
      password: created.password,
      book: `${server.url}/dav/addressbooks/bench-dav/contacts/`,
      calendar: `${server.url}/dav/calendars/bench-dav/calendar/`,
    };
    const auth = {
      authorization: `Basic ${Buffer.from(`${ours.user}:${ours.password}`).toString('base64')}`,
    };
    await inParallel(
      events.map((e) => async () => {
        const res = await request(`${ours.calendar}${encodeURIComponent(e.uid)}.ics`, {
          method: 'PUT',
          headers: { ...auth, 'content-type': 'text/calendar' },
          body: e.text,
        });
        if (res.status !== 201)
          throw new Error(`PUT event ${res.status}: ${res.body.toString().slice(0, 200)}`);
      }),
      4,
    );
    const rbook = await request(radicale.book, {
      method: 'PUT',
      headers: { ...radicale.headers, 'content-type': 'text/vcard' },
      body: vcf,
    });
    if (rbook.status !== 201) throw new Error(`radicale book ${rbook.status}`);
    const ics = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//phone//ZH\r\n${events
      .map((e) => e.text.split('\r\n').slice(3, -2).join('\r\n'))
      .join('\r\n')}\r\nEND:VCALENDAR\r\n`;
    const rcal = await request(radicale.calendar, {
      method: 'PUT',
      headers: { ...radicale.headers, 'content-type': 'text/calendar' },
      body: ics,
    });
    if (rcal.status !== 201) throw new Error(`radicale calendar ${rcal.status}`);

    const mine = vdirsyncerSetup('ours', ours);
    const theirs = vdirsyncerSetup('radicale', radicale);
    setups.push(mine, theirs);
    // Taken in turns, so both sides see the machine's drift alike; the first of each warms up.
    const oursMs = [];
    const theirsMs = [];
    for (let i = 0; i <= RUNS; i++) {
      const a = await mine.full();
      const b = await theirs.full();
      if (i > 0) {
        oursMs.push(a);
        theirsMs.push(b);
      }
    }

    // One contact changes in the book (edited by a client); the phone asks what changed.
    const list = await request(ours.book, {
      method: 'REPORT',
      headers: { ...auth, 'content-type': 'application/xml' },
      body: '<D:sync-collection xmlns:D="DAV:"><D:sync-token/><D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>',
    });
    const token = /<d:sync-token>([^<]*)</.exec(list.body.toString())?.[1];
    const href = /<d:href>([^<]*\.vcf)<\/d:href>/.exec(list.body.toString())?.[1];
    if (!token || !href) throw new Error('no sync token or card in the sync-collection answer');
    const card = await request(`${server.url}${href}`, { headers: auth });
    const edited = card.body.toString().replace(/^FN:(.*)$/m, 'FN:$1 改');
    const put = await request(`${server.url}${href}`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'text/vcard', 'if-match': card.headers?.etag ?? '*' },
      body: edited,
    });
    if (put.status !== 204) throw new Error(`PUT ${put.status}`);
    const delta = await request(ours.book, {
      method: 'REPORT',
      headers: { ...auth, 'content-type': 'application/xml' },
      body: `<D:sync-collection xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:sync-token>${token}</D:sync-token><D:sync-level>1</D:sync-level><D:prop><D:getetag/><C:address-data/></D:prop></D:sync-collection>`,
    });
    const sent = (delta.body.toString().match(/<d:response>/g) ?? []).length;
    if (sent !== 1) throw new Error(`sync-collection sent ${sent} cards for one change`);
    const incremental = await mine.incremental();

    console.log(
      `  ${CONTACTS} contacts and ${EVENTS} events, vdirsyncer into empty folders; medians of ${RUNS} runs after one warm-up`,
    );
    report('full vdirsyncer sync: ours vs Radicale (ms)', median(oursMs), median(theirsMs), 'ms', {
      text: '<= 0.5x (2x faster)',
      test: (r) => r <= 0.5,
    });
    report(
      `incremental: sync-collection of 1 changed card in ${CONTACTS} vs the whole book's first answer (bytes)`,
      delta.body.length,
      list.body.length,
      'B',
    );
    console.log(`incremental: sync-collection REPORT ${delta.ms.toFixed(1)} ms, ${delta.body.length} B`);
    console.log(
      `incremental: vdirsyncer sync of the book (PROPFIND listing + 1 card) ${incremental.toFixed(0)} ms`,
    );
  } finally {
    for (const s of setups) s.dispose();
    await radicale?.stop();
    await server.stop();
  }
}
