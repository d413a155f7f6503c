// 导出全部数据 for the demo account with its drive scaled up (BENCH_TAKEOUT_MB, 512 MiB by default;
// 5120 for the 5 GiB): start.do until the zip is ready in the blob store, against
// `zip -r -0` of the same files (the export unpacked) in the same run; the server's memory
// growth while it builds (it must stay flat), and the download's rate.
import { spawnSync } from 'node:child_process';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  createWriteStream,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BenchClient, openServerDb } from './support/account.mjs';
import { report } from './support/browser.mjs';
import { driveClient } from './support/drive.mjs';
import { startServer } from './support/server.mjs';
import { closeAgent, putRange } from './support/transfer.mjs';

const MB = 1024 * 1024;
const TOTAL = Number(process.env.BENCH_TAKEOUT_MB ?? 512) * MB;
/** Drive files of this size (the last one shorter): a phone's videos and photo archives. */
const FILE = 64 * MB;
const CHUNK = 8 * MB;

/** Resident memory of a process in MB. */
function rssMb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

/** `size` incompressible bytes, different for every `seed` (AES-256-CTR of zeros). */
function writeFile(file, size, seed) {
  const cipher = createCipheriv(
    'aes-256-ctr',
    createHash('sha256').update(String(seed)).digest(),
    Buffer.alloc(16),
  );
  const zeros = Buffer.alloc(CHUNK);
  const fd = openSync(file, 'w');
  try {
    for (let done = 0; done < size; done += CHUNK)
      writeSync(fd, cipher.update(zeros.subarray(0, Math.min(CHUNK, size - done))));
  } finally {
    closeSync(fd);
  }
}

/** A verified session of the seeded demo account, written into the database (the captcha cannot be solved by a script). */
async function demoClient(server) {
  const db = openServerDb(server);
  try {
    const user = db.prepare(`SELECT id FROM users WHERE username = 'demo'`).get();
    const cookie = randomBytes(32).toString('base64url');
    const now = Date.now();
    db.prepare(
      `INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at, verified_main_at, verified_finder_at, ip, user_agent)
       VALUES (?, ?, ?, ?, ?, ?, NULL, '127.0.0.1', 'bench')`,
    ).run(createHash('sha256').update(cookie).digest('hex'), user.id, now, now, now + 86_400_000, now);
    const client = new BenchClient(server.url, `pc_sid=${cookie}`);
    await client.fetch('/platform/info.do');
    return client;
  } finally {
    db.close();
  }
}

/** Fills the demo's drive with TOTAL bytes in two folders, through the v2 upload. */
async function scaleDrive(client, dir) {
  const drive = await driveClient({ client });
  const folders = [];
  for (const name of ['大文件-一', '大文件-二']) {
    folders.push(
      (await drive.call('/file/create', { parent_file_id: 'root', name, type: 'folder' })).file_id,
    );
  }
  const file = path.join(dir, 'part.bin');
  for (let i = 0, left = TOTAL; left > 0; i++, left -= FILE) {
    const size = Math.min(FILE, left);
    writeFile(file, size, i);
    const up = await drive.call('/file/create', {
      parent_file_id: folders[i % 2],
      name: `文件-${String(i).padStart(3, '0')}.bin`,
      type: 'file',
      size,
    });
    let offset = 0;
    for (const part of up.part_info_list) {
      await putRange(part.upload_url, file, offset, offset + part.part_size - 1);
      offset += part.part_size;
    }
    await drive.call('/file/complete', { file_id: up.file_id, upload_id: up.upload_id });
  }
  rmSync(file);
}

/** start.do, then status.do until ready; the server's peak memory meanwhile. */
async function build(client, pid) {
  const base = rssMb(pid);
  let peak = base;
  const poll = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  const t0 = performance.now();
  let job = await client.call('/takeout/start.do', {});
  while (job.state === 'running') {
    await new Promise((r) => setTimeout(r, 50));
    job = (await client.call('/takeout/status.do')).job;
  }
  const ms = performance.now() - t0;
  clearInterval(poll);
  if (job.state !== 'ready') throw new Error(`takeout ${job.state}: ${job.error}`);
  return { ms, job, base, growth: peak - base };
}

async function download(client, job, file) {
  const t0 = performance.now();
  const res = await client.fetch(job.file_path);
  if (res.status !== 200) throw new Error(`download answered ${res.status}`);
  const out = createWriteStream(file);
  for await (const chunk of res.body) if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
  await new Promise((r) => out.end(r));
  return performance.now() - t0;
}

export default async function takeoutBench() {
  const dir = mkdtempSync(path.join(tmpdir(), 'pc-bench-takeout-'));
  const server = await startServer({ SEED_DEMO: '1' });
  try {
    const client = await demoClient(server);
    const t0 = performance.now();
    await scaleDrive(client, dir);
    console.log(
      `  demo account's drive scaled by ${TOTAL / MB} MiB in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const { ms, job, base, growth } = await build(client, server.pid);
    const zipFile = path.join(dir, 'takeout.zip');
    const downMs = await download(client, job, zipFile);
    if (statSync(zipFile).size !== job.size) throw new Error('the download is not the zip');
    const unpacked = path.join(dir, 'unpacked');
    const unzip = spawnSync('unzip', ['-q', zipFile, '-d', unpacked]);
    if (unzip.status !== 0) throw new Error(`unzip: ${unzip.stderr}`);
    rmSync(zipFile);
    // The reference: the same files, stored, into a zip on the same disk (page cache warm for both).
    const ref = path.join(dir, 'reference.zip');
    const r0 = performance.now();
    const zip = spawnSync('zip', ['-r', '-0', '-q', ref, '.'], { cwd: unpacked });
    const zipMs = performance.now() - r0;
    if (zip.status !== 0) throw new Error(`zip -r -0: ${zip.stderr}`);
    const mbs = (bytes, t) => bytes / MB / (t / 1000);
    console.log(
      `  zip of ${(job.size / MB).toFixed(0)} MiB built in ${(ms / 1000).toFixed(1)} s; zip -r -0 wrote ${(statSync(ref).size / MB).toFixed(0)} MiB in ${(zipMs / 1000).toFixed(1)} s; downloaded at ${mbs(job.size, downMs).toFixed(0)} MB/s`,
    );
    report(
      '导出全部数据 build (MB/s) vs zip -r -0 of the same files',
      mbs(job.size, ms),
      mbs(statSync(ref).size, zipMs),
      'MB/s',
      {
        text: '>= 0.7x',
        test: (r) => r >= 0.7,
      },
    );
    const flat = growth < 64;
    console.log(
      `server memory while building: ${base.toFixed(0)} MB before, peak +${growth.toFixed(0)} MB for a ${(job.size / MB).toFixed(0)} MiB zip: ${flat ? 'meets' : 'MISSES'} target flat (< 64 MB growth)`,
    );
  } finally {
    closeAgent();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
