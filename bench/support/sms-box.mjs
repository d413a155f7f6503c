// The bench box of issue 10: 200,000 messages in 2,000 conversations (one of 10,000), written
// as an SMS Backup & Restore file (and its bodies as text, one a line, for grep) and imported
// with the operator CLI: the box of the server's SMS bench (sms-server), here for the portal's
// (sms-ui) and any other bench of the area.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib.mjs';
import { random } from './random.mjs';

export const MESSAGES = 200_000;
export const CONVERSATIONS = 2_000;
export const BIG = 10_000;
/** The address of the BIG conversation (its messages are the box's oldest). */
export const BIG_ADDRESS = '13800000000';

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
export async function writeBox(dir) {
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
    const address = conv === 0 ? BIG_ADDRESS : String(13900000000 + conv);
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

/** The admin CLI's import against the bench server's data; answers its time and peak memory. */
export async function importFile(server, username, file) {
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
  // ownMs: the import's own time as the command prints it (from opening the file to the last
  // batch written), without the process's start-up and the database's opening.
  const ownMs = Number(/\((\d+) ms\)/.exec(out)?.[1] ?? Number.NaN);
  return { ms: performance.now() - t0, ownMs, peakMb: peakKb / 1024, out: out.trim() };
}
