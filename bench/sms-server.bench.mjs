// Issue 10, server side: a box of 200,000 messages in 2,000 conversations (one of 10,000).
// - search.do for a two-character Chinese word and for a Latin word, against `grep -c -F` over
//   the same bodies as a text file (one message a line).
// - list.do and detail.do (the 10,000-message conversation's newest page): times.
// - The operator import (`admin sms import`) of the 200,000-message SMS Backup & Restore file,
//   against saxes (the import's XML parser) reading the same file alone; peak memory of the import.
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SaxesParser } from 'saxes';
import { ROOT } from '../scripts/lib.mjs';
import { benchAccount } from './support/account.mjs';
import { median, report } from './support/browser.mjs';
import { startServer } from './support/server.mjs';

const MESSAGES = 200_000;
const CONVERSATIONS = 2_000;
const BIG = 10_000;
const RUNS = 9;
const CHINESE_WORD = '快递';
const LATIN_WORD = 'meeting';

/** Deterministic pseudo-random numbers: the same box on every run. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LINES = [
  '【顺丰速运】您的快递已到达小区驿站，取件码{n}',
  '【中国移动】您本月已使用流量{n}MB，剩余{n}MB',
  '【工商银行】您尾号{n}卡支出{n}元',
  '明天上午十点开会，记得带电脑',
  'The weekly meeting moves to room {n} tomorrow',
  '晚上一起吃饭吗？😀',
  'Your verification code is {n}, valid for 5 minutes',
  '周末回家吗？妈妈做了红烧肉',
  '收到，谢谢👌',
  'Please review the design doc before Friday',
  '【菜鸟驿站】包裹已到，凭{n}取件',
  '好的，马上到',
];
const xmlAttr = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** Writes the backup file and the bodies as text; answers the paths and how often each word occurs. */
async function writeBox(dir) {
  const next = random(10);
  const xmlPath = path.join(dir, 'box.xml');
  const txtPath = path.join(dir, 'bodies.txt');
  const xml = createWriteStream(xmlPath);
  const txt = createWriteStream(txtPath);
  const write = (stream, s) => (stream.write(s) ? null : new Promise((r) => stream.once('drain', r)));
  await write(xml, `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<smses count="${MESSAGES}">\n`);
  const start = Date.UTC(2025, 0, 1);
  for (let i = 0; i < MESSAGES; i++) {
    // The first BIG messages are one conversation; the rest spread over the others.
    const conv = i < BIG ? 0 : 1 + (i % (CONVERSATIONS - 1));
    const address = conv === 0 ? '13800000000' : String(13900000000 + conv);
    const body = LINES[Math.floor(next() * LINES.length)].replace(/\{n\}/g, () =>
      String(Math.floor(next() * 10000)),
    );
    const type = next() < 0.5 ? 1 : 2;
    const line = `  <sms protocol="0" address="${address}" date="${start + i * 60_000}" type="${type}" subject="null" body="${xmlAttr(body)}" toa="null" sc_toa="null" service_center="null" read="1" status="-1" locked="0" date_sent="0" readable_date="" contact_name="(Unknown)" />\n`;
    const a = write(xml, line);
    const b = write(txt, `${body}\n`);
    if (a) await a;
    if (b) await b;
  }
  await write(xml, '</smses>\n');
  await Promise.all([new Promise((r) => xml.end(r)), new Promise((r) => txt.end(r))]);
  return { xmlPath, txtPath };
}

/** saxes alone over the file, streamed the way the import reads it. */
async function parseAlone(file) {
  const t0 = performance.now();
  const parser = new SaxesParser({ xmlns: false, position: true });
  let n = 0;
  parser.on('opentag', (tag) => {
    if (tag.name === 'sms') n++;
  });
  for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024, encoding: 'utf8' }))
    parser.write(chunk);
  parser.close();
  if (n !== MESSAGES) throw new Error(`saxes read ${n} entries`);
  return performance.now() - t0;
}

/** The admin CLI's import against the bench server's data; answers its time and peak memory. */
async function importFile(server, username, file) {
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'apps/server/dist/admin.js'), 'sms', 'import', '--username', username, file],
    {
      env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  let peakKb = 0;
  const poll = setInterval(() => {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (m) peakKb = Math.max(peakKb, Number(m[1]));
    } catch {
      // exited
    }
  }, 50);
  const code = await new Promise((r) => child.once('exit', r));
  clearInterval(poll);
  if (code !== 0) throw new Error(`admin sms import exited with ${code}: ${out}`);
  return { ms: performance.now() - t0, peakMb: peakKb / 1024, out: out.trim() };
}

async function timed(runs, fn) {
  const cold = await fn();
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await fn());
  return { ms: median(times), cold };
}

function grepMs(word, file) {
  const t0 = performance.now();
  const res = spawnSync('grep', ['-c', '-F', word, file], { encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (res.status !== 0) throw new Error(`grep: ${res.stderr}`);
  return { ms, count: Number(res.stdout.trim()) };
}

export default async function smsServerBench() {
  const dir = mkdtempSync(path.join(tmpdir(), 'pc-bench-sms-'));
  const server = await startServer({ SEED_DEMO: '0' });
  try {
    const { xmlPath, txtPath } = await writeBox(dir);
    const { client } = await benchAccount(server, 'benchsms');
    const parses = [];
    for (let i = 0; i < 3; i++) parses.push(await parseAlone(xmlPath));
    const imported = await importFile(server, 'benchsms', xmlPath);
    parses.push(await parseAlone(xmlPath));
    const parseMs = median(parses);
    const again = await importFile(server, 'benchsms', xmlPath);

    const post = async (pathname, form) => {
      const t0 = performance.now();
      const res = await client.fetch(pathname, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
      });
      const env = await res.json();
      const ms = performance.now() - t0;
      if (env.code !== 0) throw new Error(`${pathname}: ${env.code} ${env.message ?? ''}`);
      return { ms, data: env.data };
    };
    const list = await timed(RUNS, async () => {
      const t0 = performance.now();
      const env = await (await client.fetch(`/sms/list.do?tmp=${Math.random()}`)).json();
      if (env.data.collection_list.length !== CONVERSATIONS)
        throw new Error('list.do did not answer the box');
      return performance.now() - t0;
    });
    const detail = await timed(RUNS, async () => {
      const r = await post('/sms/detail.do', { format_address: '13800000000' });
      if (r.data.count !== BIG) throw new Error('detail.do did not answer the conversation');
      return r.ms;
    });

    const searches = [];
    for (const word of [CHINESE_WORD, LATIN_WORD]) {
      const expected = grepMs(word, txtPath).count;
      const server = await timed(RUNS, async () => {
        const r = await post('/sms/search.do', { query: word });
        if (r.data.body_total !== expected)
          throw new Error(`search.do found ${r.data.body_total}, grep ${expected}`);
        return r.ms;
      });
      const grep = median(Array.from({ length: RUNS }, () => grepMs(word, txtPath).ms));
      searches.push({ word, expected, server, grep });
    }

    const mb = (readFileSync(xmlPath).length / 1e6).toFixed(1);
    console.log(
      `  ${MESSAGES} messages in ${CONVERSATIONS} conversations (one of ${BIG}); backup file ${mb} MB`,
    );
    console.log(`  import: ${imported.out}`);
    console.log(`  again:  ${again.out}`);
    report('import of the file (admin sms import) vs saxes parsing it alone', imported.ms, parseMs, 'ms', {
      text: '<= 3x',
      test: (r) => r <= 3,
    });
    console.log(`import peak memory (VmHWM of the import process): ${imported.peakMb.toFixed(0)} MB`);
    console.log(`second import of the same file (adds nothing): ${again.ms.toFixed(0)} ms`);
    for (const s of searches) {
      report(`search.do '${s.word}' (${s.expected} hits) vs grep -c -F`, s.server.ms, s.grep, 'ms', {
        text: '<= 2x',
        test: (r) => r <= 2,
      });
      console.log(
        `  first search.do '${s.word}' after the import (builds what it needs): ${s.server.cold.toFixed(1)} ms`,
      );
    }
    console.log(
      `list.do of ${CONVERSATIONS} conversations: ${list.ms.toFixed(1)} ms (first ${list.cold.toFixed(1)} ms)`,
    );
    console.log(
      `detail.do of the ${BIG}-message conversation (newest page): ${detail.ms.toFixed(1)} ms (first ${detail.cold.toFixed(1)} ms)`,
    );
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
