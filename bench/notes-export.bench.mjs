// Issue 11, notes export: 5,000 notes of which 500 carry a photo. export_note_data.do plus the
// download of the streamed zip (Markdown files, images beside them), against `zip -r` over the
// same files unpacked on disk; the server's memory while it streams (it must stay flat).
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { benchAccount } from './support/account.mjs';
import { median, report } from './support/browser.mjs';
import { figure } from './support/figures.mjs';
import { random } from './support/random.mjs';
import { startServer } from './support/server.mjs';

const NOTES = 5_000;
const IMAGES = 500;
const RUNS = 3;
const CONCURRENCY = 4;

const LINES = [
  '明天上午十点开会，记得带电脑和会议材料',
  '周末去超市买菜：牛奶、鸡蛋、西红柿',
  '读书笔记：人是为活着本身而活着',
  '给车做保养，机油型号 5W-30',
  'Call the bank about the card before Friday',
  '孩子学校下周三家长会，下午两点',
  '旅行清单：身份证、充电宝、雨伞、防晒霜',
  '灵感：做一个记录每日步数的小程序',
];

/** A photo-like picture: a colour field with noise, 800 x 600 JPEG (≈ 100-200 kB). */
function photo(i) {
  return sharp({
    create: {
      width: 800,
      height: 600,
      channels: 3,
      noise: { type: 'gaussian', mean: 60 + (i % 120), sigma: 18 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function pool(n, count, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < count) await fn(next++);
    }),
  );
}

/** Resident memory of a process in MB. */
function rssMb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

/** The export as the portal does it: the call, then the download read to its end. */
async function exportOnce(client, pid, file) {
  let peak = rssMb(pid);
  const poll = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  const t0 = performance.now();
  const data = await client.call('/note/export_note_data.do', { sync_version: '0' });
  const res = await client.fetch(data.filePath);
  if (res.status !== 200) throw new Error(`download answered ${res.status}`);
  const out = file ? createWriteStream(file) : null;
  let bytes = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    if (out && !out.write(chunk)) await new Promise((r) => out.once('drain', r));
  }
  if (out) await new Promise((r) => out.end(r));
  const ms = performance.now() - t0;
  clearInterval(poll);
  return { ms, bytes, peak, count: data.count };
}

function zipMs(dir, target) {
  rmSync(target, { force: true });
  const t0 = performance.now();
  const res = spawnSync('zip', ['-r', '-q', target, '.'], { cwd: dir });
  const ms = performance.now() - t0;
  if (res.status !== 0) throw new Error(`zip -r: ${res.stderr}`);
  return ms;
}

function countFiles(dir) {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true }))
    n += e.isDirectory() ? countFiles(path.join(dir, e.name)) : 1;
  return n;
}

export default async function notesExportBench() {
  const dir = mkdtempSync(path.join(tmpdir(), 'pc-bench-notes-'));
  const server = await startServer({ SEED_DEMO: '0' });
  try {
    const { client } = await benchAccount(server, 'benchnotes');
    const next = random(11);
    const t0 = performance.now();
    const paths = new Array(IMAGES);
    await pool(CONCURRENCY, IMAGES, async (i) => {
      const form = new FormData();
      form.set('token', client.cookies.get('XSRF-TOKEN') ?? '');
      form.set('file', new Blob([await photo(i)]), `photo-${i}.jpg`);
      const env = await (await client.fetch('/note/upload.do', { method: 'POST', body: form })).json();
      if (env.code !== 0) throw new Error(`upload.do: ${env.code} ${env.message}`);
      paths[i] = env.data.cloud_path;
    });
    const notes = Array.from({ length: NOTES }, (_, i) => {
      const lines = Array.from(
        { length: 2 + Math.floor(next() * 6) },
        () => LINES[Math.floor(next() * LINES.length)],
      );
      const content = lines.map((line, j) =>
        j % 3 === 2
          ? { type: 'text', content: line, mode: next() < 0.5 ? 1 : 0 }
          : { type: 'text', content: line, mode: 2 },
      );
      if (i % (NOTES / IMAGES) === 0) content.push({ type: 'image', content: paths[i / (NOTES / IMAGES)] });
      return { title: `便签 ${i + 1}`, content, classify: i % 4 };
    });
    await pool(CONCURRENCY, NOTES, async (i) => {
      await client.call('/note/save.do', { data: JSON.stringify(notes[i]) });
    });
    console.log(
      `  ${NOTES} notes (${IMAGES} with a photo) made in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    // What the note box opens with (the web's bench paints from it): shown without a target.
    const lists = [];
    let listBytes = 0;
    for (let i = 0; i < 5; i++) {
      const l0 = performance.now();
      const body = await (await client.fetch(`/note/list.do?tmp=${i}`)).text();
      lists.push(performance.now() - l0);
      listBytes = Buffer.byteLength(body);
    }
    console.log(
      `  list.do of ${NOTES} notes: ${median(lists).toFixed(1)} ms, ${(listBytes / 1e6).toFixed(1)} MB`,
    );

    // The first export is kept and unpacked: the reference zips exactly these files.
    const zipFile = path.join(dir, 'export.zip');
    const first = await exportOnce(client, server.pid, zipFile);
    if (first.count !== NOTES) throw new Error(`export counted ${first.count} notes`);
    const unpacked = path.join(dir, 'unpacked');
    const unzip = spawnSync('unzip', ['-q', zipFile, '-d', unpacked]);
    if (unzip.status !== 0) throw new Error(`unzip: ${unzip.stderr}`);
    const files = countFiles(unpacked);
    if (files !== NOTES + IMAGES) throw new Error(`the zip holds ${files} files`);

    const base = rssMb(server.pid);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await exportOnce(client, server.pid));
    const refTarget = path.join(dir, 'reference.zip');
    const refs = Array.from({ length: RUNS }, () => zipMs(unpacked, refTarget));
    const exportMs = median(runs.map((r) => r.ms));
    const zipRefMs = median(refs);
    const growth = Math.max(...runs.map((r) => r.peak)) - base;
    const mb = (b) => (b / 1e6).toFixed(1);
    console.log(
      `  zip: ${mb(first.bytes)} MB streamed (${files} files); zip -r writes ${mb(statSync(refTarget).size)} MB`,
    );
    report(
      `export of ${NOTES} notes with ${IMAGES} images (call + download) vs zip -r of the same files`,
      exportMs,
      zipRefMs,
      'ms',
      {
        text: '<= 2x',
        test: (r) => r <= 2,
      },
    );
    const flat = growth < 64;
    figure('server memory growth while exporting', growth, { unit: 'MB' });
    console.log(
      `server memory while exporting: ${base.toFixed(0)} MB before, peak +${growth.toFixed(0)} MB for a ${mb(first.bytes)} MB zip: ${flat ? 'meets' : 'MISSES'} target flat (< 64 MB growth)`,
    );
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
