import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PhotoApi, type PhotoPage } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePhoneBuilt } from '../../../scripts/demo-phone.mjs';
import { checkBlobs } from '../src/storage/blob-check.js';
import type { FsBlobStore } from '../src/storage/fs-store.js';
import { verifiedClient } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { TEST_DIALECTS } from './support/db.js';
import { signInDevice } from './support/find.js';
import { PHOTO_FIXTURES, photosRead, portal } from './support/photos.js';
import { startTestServer, type TestServer } from './support/server.js';

const PHONE = path.resolve(import.meta.dirname, '../../phone/dist/phone.mjs');
const BIG = 45 * 1024 * 1024;

/** The phone's command line as its own process; `until` waits for a line of its output. */
function runPhone(dir: string, server: string, args: string[]) {
  const proc: ChildProcess = spawn(process.execPath, [PHONE, ...args, '--server', server, '--dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (b: Buffer) => {
    out += b.toString();
  });
  proc.stderr?.on('data', (b: Buffer) => {
    out += b.toString();
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return {
    proc,
    exited,
    output: () => out,
    async until(text: string, timeoutMs = 60_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!out.includes(text)) {
        if (Date.now() > deadline) throw new Error(`phone never printed "${text}":\n${out}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}

/** A signed-in phone folder: its state holds the device token (the sign-in has tests of its own). */
function phoneFolder(server: TestServer, token: string, deviceId: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'phone-photos-'));
  writeFileSync(
    path.join(dir, 'state.json'),
    JSON.stringify({
      server: server.baseUrl,
      account: 'test',
      device_id: deviceId,
      brand: 'Apple',
      model: 'iPhone 13',
      token,
      locked: false,
      lock_info: null,
      started_at: Date.now(),
      done: [],
    }),
  );
  return dir;
}

describe.each(TEST_DIALECTS)('the phone backs up its photos [%s]', (dialect) => {
  let server: TestServer;
  let client: TestClient;
  let userId: number;
  let token: string;
  let dir: string;
  let roll: string;
  let expectedBytes = 0;
  let count = 0;

  const live = async () =>
    (await portal<PhotoPage>(client, PhotoApi.timeline, { limit: 300 })).data?.items ?? [];
  const stored = async () =>
    server.deps.db.selectFrom('photos').select(['sha256', 'size']).where('user_id', '=', userId).execute();

  beforeAll(async () => {
    ensurePhoneBuilt();
    server = await startTestServer(dialect);
    const v = await verifiedClient(server);
    client = v.client;
    userId = v.user.id;
    token = await signInDevice(server, v.user, 'proc-phone');
    dir = phoneFolder(server, token, 'proc-phone');
    roll = path.join(dir, 'DCIM');
    mkdirSync(path.join(roll, '100APPLE'), { recursive: true });
    // A large video first (five parts), then the samples, then copies made distinct.
    writeFileSync(path.join(roll, '000-big.mp4'), randomBytes(BIG));
    for (const name of ['nikon-coolpix-p6000-gps.jpg', 'IMG_5195.HEIC', 'IMG_5195.MOV', 'west-lake.mp4']) {
      copyFileSync(path.join(PHOTO_FIXTURES, name), path.join(roll, '100APPLE', name));
    }
    const canon = readFileSync(path.join(PHOTO_FIXTURES, 'canon-eos-40d.jpg'));
    for (let i = 0; i < 12; i++) {
      writeFileSync(
        path.join(roll, '100APPLE', `IMG_${1000 + i}.jpg`),
        Buffer.concat([canon, Buffer.from(`#${i}`)]),
      );
    }
    // The same picture twice under two names is one photo.
    copyFileSync(path.join(roll, '100APPLE', 'IMG_1000.jpg'), path.join(roll, 'copy-of-1000.jpg'));
    count = 1 + 4 + 12;
    // Every file but the copy, once.
    expectedBytes = [...readdirSync(roll, { recursive: true, encoding: 'utf8' })]
      .filter((rel) => rel !== 'copy-of-1000.jpg' && rel.includes('.'))
      .reduce((sum, rel) => sum + statSync(path.join(roll, rel)).size, 0);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('resumes after being killed mid-file and stores each content once', async () => {
    const first = runPhone(dir, server.baseUrl, ['photos', 'backup', '--folder', roll, '--parallel', '1']);
    await first.until('上传 000-big.mp4 第 1/5 段');
    first.proc.kill('SIGKILL');
    await first.exited;
    // The session was noted in the state's journal (the snapshot names it) before a part went.
    const { journal } = JSON.parse(readFileSync(path.join(dir, 'photos-state.json'), 'utf8')) as {
      journal: number;
    };
    const noted = readFileSync(path.join(dir, `photos-state.${journal}.log`), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as [string, { confirmed: boolean; upload_id?: string }]);
    const big = noted.filter(([rel]) => rel === '000-big.mp4').pop()?.[1];
    expect(big?.confirmed).toBe(false);
    expect(big?.upload_id).toBeTruthy();

    const second = runPhone(dir, server.baseUrl, ['photos', 'backup', '--folder', roll]);
    expect(await second.exited).toBe(0);
    expect(second.output()).toMatch(/续传 000-big\.mp4：已有 [1-4]\/5 段/);
    expect(second.output()).toContain(`照片备份：新上传 ${count} 个，已在云端 1 个`);
    const rows = await stored();
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((r) => r.sha256)).size).toBe(count);
    const drive = await server.deps.db
      .selectFrom('drives')
      .select(['used_bytes', 'reserved_bytes'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect([Number(drive.used_bytes), Number(drive.reserved_bytes)]).toEqual([
      rows.reduce((s, r) => s + Number(r.size), 0),
      0,
    ]);
    expect(Number(drive.used_bytes)).toBe(expectedBytes);

    // A round with nothing new sends nothing.
    const third = runPhone(dir, server.baseUrl, ['photos', 'backup', '--folder', roll]);
    expect(await third.exited).toBe(0);
    expect(third.output()).toContain('照片备份：新上传 0 个，已在云端 0 个');
    await photosRead(server);
  }, 120_000);

  it('sends a photo again that the cloud found damaged, and does not offer to free it meanwhile', async () => {
    const rel = path.join('100APPLE', 'IMG_1004.jpg');
    const bytes = readFileSync(path.join(roll, rel));
    const key = createHash('sha256').update(bytes).digest('hex');
    const rotten = Buffer.from(bytes);
    rotten[3] = (rotten[3] ?? 0) ^ 1;
    writeFileSync((server.deps.blobs as FsBlobStore).fileOf(key), rotten);
    const check = async () => {
      server.clock.advance(60_000);
      return checkBlobs(server.deps.db, server.deps.blobs, server.clock.now(), Number.POSITIVE_INFINITY);
    };
    expect((await check()).damaged.map((d) => d.key)).toEqual([key]);

    const free = runPhone(dir, server.baseUrl, ['photos', 'free', '--folder', roll]);
    expect(await free.exited).toBe(0);
    expect(free.output()).toContain('已在云端 100APPLE/IMG_1003.jpg');
    expect(free.output()).not.toContain(rel);

    const round = runPhone(dir, server.baseUrl, ['photos', 'backup', '--folder', roll]);
    expect(await round.exited).toBe(0);
    expect(round.output()).toContain(`云端副本已损坏，重新备份 ${rel}`);
    // The cloud had the photo (its row stayed): the bytes sent put its copy right.
    expect(round.output()).toContain('照片备份：新上传 0 个，已在云端 1 个');
    expect((await check()).damaged).toEqual([]);
    const kept = await server.deps.blobs.get(key);
    expect(
      createHash('sha256')
        .update(Buffer.concat(await kept.toArray()))
        .digest('hex'),
    ).toBe(key);
    expect(await stored()).toHaveLength(count);

    const quiet = runPhone(dir, server.baseUrl, ['photos', 'backup', '--folder', roll]);
    expect(await quiet.exited).toBe(0);
    expect(quiet.output()).toContain('照片备份：新上传 0 个，已在云端 0 个');
  }, 60_000);

  it('a second phone with the same pictures uploads nothing', async () => {
    const other = await signInDevice(server, { ...(await userOf()), id: userId }, 'second-phone');
    const dir2 = phoneFolder(server, other, 'second-phone');
    try {
      const roll2 = path.join(dir2, 'roll');
      mkdirSync(roll2);
      copyFileSync(path.join(roll, '100APPLE', 'IMG_1003.jpg'), path.join(roll2, 'P1.jpg'));
      copyFileSync(path.join(roll, '100APPLE', 'west-lake.mp4'), path.join(roll2, 'V1.mp4'));
      const p = runPhone(dir2, server.baseUrl, ['photos', 'backup', '--folder', roll2]);
      expect(await p.exited).toBe(0);
      expect(p.output()).toContain('照片备份：新上传 0 个，已在云端 2 个');
      expect(await stored()).toHaveLength(count);
    } finally {
      rmSync(dir2, { recursive: true, force: true });
    }
  }, 60_000);

  it('frees space on the phone without deleting in the cloud; a deletion by hand follows the setting', async () => {
    await portal(client, PhotoApi.settingsSave, { delete_follows_phone: true });
    unlinkSync(path.join(roll, '100APPLE', 'IMG_1005.jpg'));
    const round = runPhone(dir, server.baseUrl, ['photos', 'backup', '--folder', roll]);
    expect(await round.exited).toBe(0);
    expect(round.output()).toContain('随手机删除 1 个');
    const before = (await live()).length;

    const list = runPhone(dir, server.baseUrl, ['photos', 'free', '--folder', roll]);
    expect(await list.exited).toBe(0);
    expect(list.output()).toContain('已在云端 100APPLE/IMG_5195.HEIC');
    expect(list.output()).toContain(`可释放 ${count} 个文件`);
    expect(existsSync(path.join(roll, '000-big.mp4'))).toBe(true);

    const free = runPhone(dir, server.baseUrl, ['photos', 'free', '--folder', roll, '--remove']);
    expect(await free.exited).toBe(0);
    expect(existsSync(path.join(roll, '000-big.mp4'))).toBe(false);
    const after = runPhone(dir, server.baseUrl, ['photos', 'backup', '--folder', roll]);
    expect(await after.exited).toBe(0);
    expect(after.output()).not.toContain('随手机删除');
    expect((await live()).length).toBe(before);
  }, 60_000);

  async function userOf() {
    const u = await server.deps.db
      .selectFrom('users')
      .select(['username', 'phone', 'email'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return { username: u.username, password: 'secret123', phone: u.phone, email: u.email };
  }
});
