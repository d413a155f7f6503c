// Photos: the reference phone (`phone photos backup`) backing up a folder of 1,000 photos
// (BENCH_PHOTOS sets the count) against rclone copying a folder of as many photos to our WebDAV
// (`/dav/drive/`, app password) on the same server, each to an account of its own and with
// contents of its own (the blob store would otherwise find the second set stored). Targets: the
// phone at least 0.8x rclone's photos/s; every photo read (metadata, thumbnails) within 2x
// rclone's time, counted from the phone's start.
import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../scripts/lib.mjs';
import { benchAccount, openServerDb } from './support/account.mjs';
import { report } from './support/browser.mjs';
import { figure } from './support/figures.mjs';
import { startServer } from './support/server.mjs';

const run = promisify(execFile);
const COUNT = Number(process.env.BENCH_PHOTOS ?? 1000);
const RCLONE = '/usr/bin/rclone';
const SAMPLE = path.join(ROOT, 'apps/server/test/fixtures/photos/nikon-coolpix-p6000-gps.jpg');

/** `COUNT` distinct JPEGs (the sample with bytes of its own after its end) in a camera-roll folder. */
function roll(dir, tag) {
  mkdirSync(dir, { recursive: true });
  const sample = readFileSync(SAMPLE);
  for (let i = 0; i < COUNT; i++) {
    const tail = Buffer.from(`${tag}-${i}-${randomBytes(4).toString('hex')}`);
    writeFileSync(path.join(dir, `IMG_${String(i).padStart(5, '0')}.jpg`), Buffer.concat([sample, tail]));
  }
}

/** A signed-in phone for the account: its device row, and its folder's state holding the token. */
function phoneFolder(server, userId, dir) {
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(`device-token:${token}`).digest('hex');
  const db = openServerDb(server);
  const now = Date.now();
  try {
    db.prepare(
      `INSERT INTO find_devices (user_id, device_id, brand, model, functions, token_hash, signed_in_at, last_seen_at, locked, created_at)
       VALUES (?, 'bench-phone', 'Bench', 'Phone', '[1,2,3]', ?, ?, 0, 0, ?)`,
    ).run(userId, hash, now, now);
  } finally {
    db.close();
  }
  mkdirSync(dir, { recursive: true });
  const state = {
    server: server.url,
    account: 'bench',
    device_id: 'bench-phone',
    brand: 'Bench',
    model: 'Phone',
  };
  writeFileSync(
    path.join(dir, 'state.json'),
    JSON.stringify({ ...state, token, locked: false, lock_info: null, started_at: now, done: [] }),
  );
}

function unread(server, userId) {
  const db = openServerDb(server);
  try {
    return db.prepare('SELECT count(*) AS n FROM photos WHERE user_id = ? AND meta_state = 0').get(userId).n;
  } finally {
    db.close();
  }
}

/** rclone copying the folder to our WebDAV as the account's app password; answers its time in ms. */
async function rcloneCopy(server, dir, account) {
  const created = await account.client.call('/account/app_password_create.do', { name: 'bench rclone' });
  const pass = (await run(RCLONE, ['obscure', created.password])).stdout.trim();
  const env = {
    ...process.env,
    RCLONE_CONFIG: path.join(dir, 'rclone.conf'),
    RCLONE_CONFIG_PC_TYPE: 'webdav',
    RCLONE_CONFIG_PC_URL: `${server.url}/dav/drive/`,
    RCLONE_CONFIG_PC_VENDOR: 'other',
    RCLONE_CONFIG_PC_USER: 'bench-photos-dav',
    RCLONE_CONFIG_PC_PASS: pass,
  };
  const t0 = performance.now();
  await run(RCLONE, ['copy', '--retries', '1', path.join(dir, 'rclone-roll'), 'pc:相机'], {
    env,
    maxBuffer: 16 << 20,
  });
  return performance.now() - t0;
}

/** The phone process backing up its folder; answers the ms until it exited and until every photo was read. */
async function phoneBackup(server, dir, userId, phoneMain) {
  phoneFolder(server, userId, path.join(dir, 'phone'));
  const t0 = performance.now();
  const args = [
    'photos',
    'backup',
    '--dir',
    path.join(dir, 'phone'),
    '--folder',
    path.join(dir, 'phone', 'roll'),
  ];
  const phone = spawn(process.execPath, [phoneMain, ...args, '--server', server.url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  phone.stdout.on('data', (b) => {
    out += b.toString();
  });
  const code = await new Promise((resolve) => phone.on('exit', resolve));
  const backedUp = performance.now() - t0;
  if (code !== 0 || !out.includes(`新上传 ${COUNT} 个`))
    throw new Error(`the phone did not back up every photo:\n${out.slice(-2000)}`);
  while (unread(server, userId) > 0) await new Promise((r) => setTimeout(r, 100));
  return { backedUp, read: performance.now() - t0 };
}

export default async function photosBackupBench() {
  if (!existsSync(RCLONE)) throw new Error(`${RCLONE} is missing: apt-get install -y rclone`);
  const phoneMain = path.join(ROOT, 'apps/phone/dist/phone.mjs');
  if (!existsSync(phoneMain))
    await run('npm', ['run', 'build', '--silent', '-w', 'apps/phone'], { cwd: ROOT });
  const dir = mkdtempSync(path.join(tmpdir(), 'pc-bench-photos-'));
  const server = await startServer({ SEED_DEMO: '0' });
  try {
    roll(path.join(dir, 'rclone-roll'), 'r');
    roll(path.join(dir, 'phone', 'roll'), 'p');
    const viaDav = await benchAccount(server, 'bench-photos-dav', { paidGb: 2 });
    const viaPhone = await benchAccount(server, 'bench-photos-phone', { paidGb: 2 });
    const rcloneMs = await rcloneCopy(server, dir, viaDav);
    const phone = await phoneBackup(server, dir, viaPhone.userId, phoneMain);
    console.log(`  ${COUNT} photos of ${(readFileSync(SAMPLE).length / 1024).toFixed(0)} KB`);
    report(
      'photos backed up by the phone (photos/s)',
      COUNT / (phone.backedUp / 1000),
      COUNT / (rcloneMs / 1000),
      'photos/s',
      { text: '>= 0.8x rclone over WebDAV', test: (r) => r >= 0.8 },
    );
    report(
      'photos backed up and read (metadata, thumbnails) vs rclone (s)',
      phone.read / 1000,
      rcloneMs / 1000,
      's',
      {
        text: '<= 2x rclone',
        test: (r) => r <= 2,
      },
    );
    figure('rclone copy over WebDAV (s)', rcloneMs / 1000, { unit: 's' });
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
