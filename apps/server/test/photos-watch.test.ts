import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import {
  PhotoApi,
  type PhotoDetail,
  PhotoMsg,
  type PhotoPage,
  type PhotoSettings,
  WEBDAV_DRIVE_PATH,
} from '@phonecloud/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/housekeeping.js';
import { AppEvents } from '../src/lib/app-events.js';
import { AppPasswordsService } from '../src/modules/app-passwords/service.js';
import { Drive } from '../src/modules/drive/index.js';
import { DriveService } from '../src/modules/drive/service.js';
import { watchQueue } from '../src/modules/photos/watch/queue.js';
import { type TestUser, verifiedClient } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { TEST_DIALECTS } from './support/db.js';
import { signInDevice } from './support/find.js';
import { backUp, photoBytes, photosRead, portal, sha256 } from './support/photos.js';
import { startTestServer, type TestServer } from './support/server.js';

const run = promisify(execFile);
const hasRclone = existsSync('/usr/bin/rclone');
if (!hasRclone && process.env.CI) throw new Error('rclone is missing: .ci/run installs it');

interface WatchUser {
  user: TestUser;
  portal: TestClient;
  appPassword: string;
}

const FOLDER = '/相册备份';

/** A small JPEG of its own content (a colour per seed). */
const madeJpeg = (seed: number) =>
  sharp({
    create: { width: 40 + seed, height: 30, channels: 3, background: { r: seed * 40, g: 90, b: 200 - seed } },
  })
    .jpeg()
    .toBuffer();

describe.each(TEST_DIALECTS)('photos: the WebDAV folder watch [%s]', (dialect) => {
  let server: TestServer;
  let a: WatchUser;
  let b: WatchUser;
  const work = mkdtempSync(path.join(tmpdir(), 'pc-photo-watch-'));

  async function watchUser(): Promise<WatchUser> {
    const { client, user } = await verifiedClient(server);
    const made = await new AppPasswordsService(server.deps).create(user.id, '相册备份');
    return { user, portal: client, appPassword: made.password };
  }

  const davUrl = (p: string) =>
    `${server.baseUrl}${WEBDAV_DRIVE_PATH}${p.split('/').map(encodeURIComponent).join('/')}`;
  const dav = (
    u: WatchUser,
    method: string,
    p: string,
    body?: Buffer,
    headers: Record<string, string> = {},
  ) =>
    fetch(davUrl(p), {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${u.user.username}:${u.appPassword}`).toString('base64')}`,
        ...headers,
      },
      body,
    });
  const put = async (u: WatchUser, p: string, body: Buffer) => {
    const res = await dav(u, 'PUT', p, body);
    expect(res.status, `PUT ${p}`).toBeLessThan(300);
  };
  const save = (u: WatchUser, watch_folder: string | null | undefined) =>
    portal<PhotoSettings>(u.portal, PhotoApi.settingsSave, { delete_follows_phone: false, watch_folder });
  const timeline = async (u: WatchUser) =>
    ((await portal<PhotoPage>(u.portal, PhotoApi.timeline, { limit: 300 })).data as PhotoPage).items;
  const detail = async (u: WatchUser, id: number) =>
    (await portal<PhotoDetail>(u.portal, PhotoApi.detail, { id })).data as PhotoDetail;
  const usedBytes = async (u: WatchUser) =>
    Number(
      (
        await server.deps.db
          .selectFrom('drives')
          .select('used_bytes')
          .where('user_id', '=', u.user.id)
          .executeTakeFirstOrThrow()
      ).used_bytes,
    );
  const refs = async (key: string) =>
    Number(
      (
        await server.deps.db
          .selectFrom('drive_blobs')
          .select('ref_count')
          .where('key', '=', key)
          .executeTakeFirstOrThrow()
      ).ref_count,
    );

  /** Waits until `check` holds: the watch's jobs and the reading are awaited between looks. */
  async function until(what: string, check: () => Promise<boolean>, ms = 60_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`not reached in ${ms} ms: ${what}`);
      await watchQueue(server.deps).idle();
      await photosRead(server);
      // A look every 20 ms, not a spin: the machine's two cores serve the server too.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  /** Every job told so far has run and every photo made has been read. */
  const settled = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    await watchQueue(server.deps).idle();
    await photosRead(server);
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    a = await watchUser();
    b = await watchUser();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('turns the watch on: the folder is made and answered; the root, a step out and a file are refused', async () => {
    const saved = await save(a, `${FOLDER}/`);
    expect(saved.code).toBe(0);
    expect(saved.data).toEqual({ delete_follows_phone: false, watch_folder: FOLDER });
    expect((await dav(a, 'PROPFIND', `${FOLDER}/`, undefined, { depth: '0' })).status).toBe(207);

    expect(await save(a, '/')).toMatchObject({ code: 1000, message: PhotoMsg.WATCH_FOLDER_ROOT });
    expect(await save(a, '/a/../b')).toMatchObject({ code: 1000, message: PhotoMsg.WATCH_FOLDER_BAD });
    await put(a, '/说明.txt', Buffer.from('不是文件夹'));
    expect(await save(a, '/说明.txt')).toMatchObject({ code: 1000, message: PhotoMsg.WATCH_FOLDER_IS_FILE });
    // Left out of a save, the watch stays as it is.
    expect((await save(a, undefined)).data).toEqual({ delete_follows_phone: false, watch_folder: FOLDER });
    expect((await portal<PhotoSettings>(a.portal, PhotoApi.settings)).data?.watch_folder).toBe(FOLDER);
  });

  it('WebDAV PUTs into the folder and a subfolder become photos with their metadata, one blob, counted once', async () => {
    const nikon = photoBytes('nikon-coolpix-p6000-gps.jpg');
    const video = photoBytes('west-lake.mp4');
    const before = await usedBytes(a);
    expect((await dav(a, 'MKCOL', `${FOLDER}/2024`)).status).toBe(201);
    await put(a, `${FOLDER}/DSCN0010.jpg`, nikon);
    await put(a, `${FOLDER}/2024/west-lake.mp4`, video);
    await put(a, `${FOLDER}/备注.txt`, Buffer.from('不是照片'));
    await until('two photos read', async () => {
      const items = await timeline(a);
      return items.length === 2 && items.every((i) => i.ready);
    });
    const [first, second] = await timeline(a);
    const byName = new Map([first, second].map((i) => [i?.name, i?.id]));
    expect(await detail(a, byName.get('DSCN0010.jpg') ?? 0)).toMatchObject({
      make: 'NIKON',
      model: 'COOLPIX P6000',
      taken: '2008-10-22T16:28:39',
      time_source: 'exif',
      width: 640,
    });
    expect(await detail(a, byName.get('west-lake.mp4') ?? 0)).toMatchObject({
      kind: 'video',
      place: '浙江省 杭州市',
      duration_ms: 2000,
    });
    // The drive file and the photo hold the same blob; the bytes count once, on the drive file.
    expect(await refs(sha256(nikon))).toBe(2);
    expect((await usedBytes(a)) - before).toBe(nikon.length + video.length + '不是照片'.length * 3);
  });

  it('the phone does not send again what the folder brought; what the phone sent is not taken twice and counts once', async () => {
    const token = await signInDevice(server, a.user, `phone-${randomUUID().slice(0, 8)}`);
    const nikon = photoBytes('nikon-coolpix-p6000-gps.jpg');
    const count = (await timeline(a)).length;
    const again = await backUp(server, token, 'DSCN0010.jpg', nikon);
    expect(again.uploaded).toBe(false);

    const canon = photoBytes('canon-eos-40d.jpg');
    const phone = await backUp(server, token, 'canon.jpg', canon);
    expect(phone.uploaded).toBe(true);
    const counted = await usedBytes(a);
    await put(a, `${FOLDER}/canon.jpg`, canon);
    // The drive file counts it now; the phone's photo gives its count back.
    await until('the photo carried by the file', async () => (await usedBytes(a)) === counted);
    await settled();
    expect(await usedBytes(a)).toBe(counted);
    expect((await timeline(a)).length).toBe(count + 1);
  });

  it('MOVE, COPY and a rename from a temporary name bring pictures in; elsewhere in the drive, nothing', async () => {
    const count = (await timeline(a)).length;
    expect((await dav(a, 'MKCOL', '/别处')).status).toBe(201);
    await put(a, '/别处/orientation-6.jpg', photoBytes('orientation-6.jpg'));
    await put(a, '/别处/s40.png', photoBytes('canon-s40-exif-gps.png'));
    await settled();
    expect((await timeline(a)).length).toBe(count);

    const move = await dav(a, 'MOVE', '/别处/orientation-6.jpg', undefined, {
      destination: davUrl(`${FOLDER}/orientation-6.jpg`),
    });
    expect(move.status).toBe(201);
    const copy = await dav(a, 'COPY', '/别处/s40.png', undefined, {
      destination: davUrl(`${FOLDER}/s40.png`),
    });
    expect(copy.status).toBe(201);
    await put(a, `${FOLDER}/IMG_5195.HEIC.part`, photoBytes('IMG_5195.HEIC'));
    const rename = await dav(a, 'MOVE', `${FOLDER}/IMG_5195.HEIC.part`, undefined, {
      destination: davUrl(`${FOLDER}/IMG_5195.HEIC`),
    });
    expect(rename.status).toBe(201);
    await until('three more photos read', async () => {
      const items = await timeline(a);
      return items.length === count + 3 && items.every((i) => i.ready);
    });
    const heic = (await timeline(a)).find((i) => i.name === 'IMG_5195.HEIC');
    expect(await detail(a, heic?.id ?? 0)).toMatchObject({ make: 'Apple', width: 3024, height: 4032 });
  });

  it("another user's folder never feeds you, the same content included", async () => {
    expect((await save(b, FOLDER)).code).toBe(0);
    const mine = await timeline(a);
    await put(b, `${FOLDER}/west-lake.mp4`, photoBytes('west-lake.mp4'));
    await put(b, `${FOLDER}/IMG_5195.MOV`, photoBytes('IMG_5195.MOV'));
    await until("b's two photos", async () => (await timeline(b)).length === 2);
    await settled();
    expect((await timeline(a)).map((i) => i.id)).toEqual(mine.map((i) => i.id));
    const theirs = await timeline(b);
    for (const p of theirs) expect(mine.map((i) => i.id)).not.toContain(p.id);
    expect((await portal(a.portal, PhotoApi.detail, { id: theirs[0]?.id })).code).not.toBe(0);
  });

  it('turning the watch on takes in what the folder holds already', async () => {
    const c = await watchUser();
    expect((await dav(c, 'MKCOL', '/旧相册')).status).toBe(201);
    await put(c, '/旧相册/a.jpg', await madeJpeg(1));
    await put(c, '/旧相册/b.jpg', await madeJpeg(2));
    await settled();
    expect(await timeline(c)).toHaveLength(0);
    expect((await save(c, '/旧相册')).code).toBe(0);
    await until('the folder taken in', async () => (await timeline(c)).length === 2);
  });

  it('housekeeping takes in a file whose telling was lost; the photo outlives its drive file and then counts itself', async () => {
    const bytes = await madeJpeg(3);
    const drive = new DriveService(server.deps);
    const folder = await drive.byPath(a.user.id, FOLDER);
    // Stored as a process that stopped before telling the watch would have.
    const silent = new Drive({ ...server.deps, events: new AppEvents() });
    await silent.writeFile(a.user.id, folder.id, 'missed.jpg', Readable.from([bytes]), bytes.length);
    await settled();
    const count = (await timeline(a)).length;
    expect((await timeline(a)).some((i) => i.name === 'missed.jpg')).toBe(false);
    await purgeExpired(server.deps);
    await settled();
    const photo = (await timeline(a)).find((i) => i.name === 'missed.jpg');
    expect(photo?.ready).toBe(true);
    expect((await timeline(a)).length).toBe(count + 1);

    const counted = await usedBytes(a);
    expect((await dav(a, 'DELETE', `${FOLDER}/missed.jpg`)).status).toBe(204);
    // In the drive's bin the file still counts. Purged by a process that stopped before telling,
    // its bytes go to the photo at housekeeping.
    expect(await usedBytes(a)).toBe(counted);
    const binned = await drive.items.trashPage(a.user.id, 100, 0);
    const item = binned.find((i) => i.name === 'missed.jpg');
    await new DriveService({ ...server.deps, events: new AppEvents() }).purge(a.user.id, item?.id ?? 0);
    expect(await usedBytes(a)).toBe(counted - bytes.length);
    await purgeExpired(server.deps);
    expect(await usedBytes(a)).toBe(counted);
    expect((await detail(a, photo?.id ?? 0)).name).toBe('missed.jpg');
    expect(await refs(sha256(bytes))).toBeGreaterThanOrEqual(1);

    // Deleted for good in the photos, it gives its own count back.
    await portal(a.portal, PhotoApi.delete, { ids: [photo?.id] });
    await portal(a.portal, PhotoApi.binDelete, { ids: [photo?.id] });
    expect(await usedBytes(a)).toBe(counted - bytes.length);
  });

  it('a drive file purged from the bin hands its count to the photo at once', async () => {
    const bytes = await madeJpeg(8);
    await put(a, `${FOLDER}/purged.jpg`, bytes);
    await until('the photo', async () => (await timeline(a)).some((i) => i.name === 'purged.jpg'));
    const counted = await usedBytes(a);
    expect((await dav(a, 'DELETE', `${FOLDER}/purged.jpg`)).status).toBe(204);
    const drive = new DriveService(server.deps);
    const item = (await drive.items.trashPage(a.user.id, 100, 0)).find((i) => i.name === 'purged.jpg');
    await drive.purge(a.user.id, item?.id ?? 0);
    await until('the photo counted', async () => (await usedBytes(a)) === counted);
    await settled();
    expect(await usedBytes(a)).toBe(counted);
  });

  it('a watch turned off takes nothing in', async () => {
    const c = await watchUser();
    expect((await save(c, '/手机')).code).toBe(0);
    expect((await save(c, null)).data).toEqual({ delete_follows_phone: false, watch_folder: null });
    await put(c, '/手机/x.jpg', await madeJpeg(4));
    await settled();
    await purgeExpired(server.deps);
    expect(await timeline(c)).toHaveLength(0);
  });

  it.skipIf(!hasRclone)('rclone copy of a camera roll into the folder ends in photos', async () => {
    const roll = path.join(work, 'DCIM');
    mkdirSync(path.join(roll, 'Camera'), { recursive: true });
    for (const n of [5, 6, 7]) writeFileSync(path.join(roll, 'Camera', `IMG_000${n}.jpg`), await madeJpeg(n));
    writeFileSync(path.join(roll, '.nomedia'), '');
    const { stdout } = await run('rclone', ['obscure', a.appPassword]);
    const env = {
      ...process.env,
      RCLONE_CONFIG: path.join(work, 'rclone.conf'),
      RCLONE_CONFIG_PC_TYPE: 'webdav',
      RCLONE_CONFIG_PC_URL: `${server.baseUrl}${WEBDAV_DRIVE_PATH}/`,
      RCLONE_CONFIG_PC_VENDOR: 'owncloud',
      RCLONE_CONFIG_PC_USER: a.user.username,
      RCLONE_CONFIG_PC_PASS: stdout.trim(),
    };
    const count = (await timeline(a)).length;
    await run('rclone', ['copy', roll, `pc:${FOLDER.slice(1)}/DCIM`], { env, timeout: 60_000 });
    await until('the roll taken in', async () => {
      const items = await timeline(a);
      return items.length === count + 3 && items.every((i) => i.ready);
    });
  });
});
