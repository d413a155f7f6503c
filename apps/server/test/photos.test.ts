import { randomUUID } from 'node:crypto';
import {
  Code,
  type PhotoAlbum,
  PhotoApi,
  type PhotoDetail,
  PhotoDeviceApi,
  type PhotoMonth,
  PhotoMsg,
  type PhotoPage,
} from '@phonecloud/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_MODULES } from '../src/app.js';
import { photosModule } from '../src/modules/photos/module.js';
import { deleteUser } from '../src/modules/users/delete-user.js';
import { createUser, type TestUser, verifiedClient } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { TEST_DIALECTS } from './support/db.js';
import { deviceCall, signInDevice } from './support/find.js';
import { backUp, driveBytes, photoBytes, photosRead, portal, sha256, timeline } from './support/photos.js';
import { startTestServer, type TestServer } from './support/server.js';

const SAMPLES = [
  'nikon-coolpix-p6000-gps.jpg',
  'canon-eos-40d.jpg',
  'orientation-6.jpg',
  'IMG_5195.HEIC',
  'canon-s40-exif-gps.png',
  'west-lake.mp4',
  'IMG_5195.MOV',
] as const;
type Sample = (typeof SAMPLES)[number];

describe.each(TEST_DIALECTS)('photos [%s]', (dialect) => {
  let server: TestServer;
  let portalA: TestClient;
  let tokenA: string;
  let userA: TestUser;
  const ids = {} as Record<Sample, number>;

  const detail = async (client: TestClient, id: number) =>
    (await portal<PhotoDetail>(client, PhotoApi.detail, { id })).data as PhotoDetail;
  const usedBytes = async (userId: number) => (await driveBytes(server, userId)).used;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const { client, user } = await verifiedClient(server);
    portalA = client;
    userA = user;
    tokenA = await signInDevice(server, user, `phone-${randomUUID().slice(0, 8)}`);
    for (const name of SAMPLES) ids[name] = (await backUp(server, tokenA, name, photoBytes(name))).photoId;
    await photosRead(server);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('reads time, place, camera and size of JPEG, HEIC and PNG from several makers', async () => {
    const nikon = await detail(portalA, ids['nikon-coolpix-p6000-gps.jpg']);
    expect(nikon).toMatchObject({
      kind: 'image',
      make: 'NIKON',
      model: 'COOLPIX P6000',
      taken: '2008-10-22T16:28:39',
      time_source: 'exif',
      width: 640,
      height: 480,
      place: null,
      mime: 'image/jpeg',
      ready: true,
    });
    expect(nikon.latitude).toBeCloseTo(43.4674, 3);
    expect(nikon.longitude).toBeCloseTo(11.8851, 3);

    expect(await detail(portalA, ids['canon-eos-40d.jpg'])).toMatchObject({
      make: 'Canon',
      model: 'Canon EOS 40D',
      taken: '2008-05-30T15:56:01',
      width: 100,
      height: 68,
      latitude: null,
    });
    // Orientation 6: stored 600×450, shown upright 450×600.
    expect(await detail(portalA, ids['orientation-6.jpg'])).toMatchObject({
      orientation: 6,
      width: 450,
      height: 600,
    });

    const heic = await detail(portalA, ids['IMG_5195.HEIC']);
    expect(heic).toMatchObject({
      make: 'Apple',
      model: 'iPhone 11 Pro Max',
      lens: 'iPhone 11 Pro Max back triple camera 4.25mm f/1.8',
      taken: '2021-04-11T15:47:53',
      offset: '-05:00',
      // Stored 4032×3024 and turned by the HEIC's own rotation: shown upright, portrait.
      width: 3024,
      height: 4032,
      mime: 'image/heic',
    });
    expect(heic.latitude).toBeCloseTo(39.0513, 3);

    // The EXIF of a PNG, and its real size (1×1 px), not the size its EXIF claims.
    const png = await detail(portalA, ids['canon-s40-exif-gps.png']);
    expect(png).toMatchObject({ make: 'Canon', model: 'Canon PowerShot S40', width: 1, height: 1 });
    expect(png.latitude).toBeCloseTo(50.2996, 3);
  });

  it('reads a video: duration, poster frame, its zone and the place in China by name', async () => {
    const video = await detail(portalA, ids['west-lake.mp4']);
    expect(video).toMatchObject({
      kind: 'video',
      duration_ms: 2000,
      taken: '2024-05-01T08:30:00',
      offset: '+08:00',
      make: 'Apple',
      model: 'iPhone 13',
      place: '浙江省 杭州市',
      width: 320,
      mime: 'video/mp4',
    });
    const poster = await portalA.raw(`${PhotoApi.thumb}/${video.id}?s=256`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await poster.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(256);
  });

  it('shows a Live Photo (HEIC and its MOV) as one item', async () => {
    const all = (await timeline(portalA, { limit: 100 })).items;
    const still = all.find((i) => i.id === ids['IMG_5195.HEIC']);
    expect(still?.live_video_id).toBe(ids['IMG_5195.MOV']);
    expect(all.some((i) => i.id === ids['IMG_5195.MOV'])).toBe(false);
    expect(all).toHaveLength(SAMPLES.length - 1);
    // The video half still answers its details and bytes (the viewer plays it).
    expect((await detail(portalA, ids['IMG_5195.MOV'])).duration_ms).toBe(1500);
  });

  it('makes HEIC thumbnails of both sizes, upright JPEGs', async () => {
    for (const [s, max] of [
      ['256', 256],
      ['1024', 1024],
    ] as const) {
      const res = await portalA.raw(`${PhotoApi.thumb}/${ids['IMG_5195.HEIC']}?s=${s}`);
      expect(res.status).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe('jpeg');
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(max);
    }
    const turned = await portalA.raw(`${PhotoApi.thumb}/${ids['orientation-6.jpg']}?s=256`);
    const meta = await sharp(Buffer.from(await turned.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([192, 256]);
  });

  it('pages the timeline newest first by cursor, counts months and jumps to one', async () => {
    const first = await timeline(portalA, { limit: 2 });
    // orientation-6.jpg has no time of its own: the phone's file time, on the phone's clock (+08:00).
    expect(first.items.map((i) => i.taken)).toEqual(['2024-05-01T08:30:00', '2024-01-02T11:04:05']);
    const second = await timeline(portalA, { limit: 2, cursor: first.next });
    expect(second.items.map((i) => i.taken)).toEqual(['2021-04-11T15:47:53', '2008-10-22T16:28:39']);
    expect(await detail(portalA, ids['orientation-6.jpg'])).toMatchObject({
      time_source: 'file',
      offset: '+08:00',
    });
    const months = (await portal<{ months: PhotoMonth[] }>(portalA, PhotoApi.months, {})).data?.months;
    expect(months).toEqual([
      { month: '2024-05', count: 1 },
      { month: '2024-01', count: 1 },
      { month: '2021-04', count: 1 },
      { month: '2008-10', count: 1 },
      { month: '2008-05', count: 1 },
      { month: '2003-12', count: 1 },
    ]);
    const jump = await timeline(portalA, { month: '2008-10', limit: 1 });
    expect(jump.items[0]?.id).toBe(ids['nikon-coolpix-p6000-gps.jpg']);
    expect((await portal(portalA, PhotoApi.timeline, { cursor: 'nonsense' })).code).toBe(Code.INVALID);
  });

  it('searches by date range, camera, kind and place name', async () => {
    const names = async (body: object) => (await timeline(portalA, body)).items.map((i) => i.name).sort();
    expect(await names({ camera: 'canon' })).toEqual(['canon-eos-40d.jpg', 'canon-s40-exif-gps.png']);
    expect(await names({ kind: 'video' })).toEqual(['west-lake.mp4']);
    expect(await names({ place: '杭州' })).toEqual(['west-lake.mp4']);
    expect(await names({ from: '2008-01-01', to: '2008-12-31' })).toEqual([
      'canon-eos-40d.jpg',
      'nikon-coolpix-p6000-gps.jpg',
    ]);
    expect(await names({ camera: '100%_' })).toEqual([]);
  });

  it('serves the original as an attachment, never in place, with ranges', async () => {
    const bytes = photoBytes('nikon-coolpix-p6000-gps.jpg');
    const res = await portalA.raw(`${PhotoApi.file}/${ids['nikon-coolpix-p6000-gps.jpg']}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
    expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(sha256(bytes));
    const part = await portalA.raw(`${PhotoApi.file}/${ids['nikon-coolpix-p6000-gps.jpg']}`, {
      headers: { range: 'bytes=0-9' },
    });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(0, 10));
  });

  it('keeps favourites and albums: create, add, rename, cover, remove, delete', async () => {
    const fav = await portal<{ updated: number }>(portalA, PhotoApi.favourite, {
      ids: [ids['canon-eos-40d.jpg']],
      favourite: true,
    });
    expect(fav.data?.updated).toBe(1);
    expect((await timeline(portalA, { favourite: true })).items.map((i) => i.id)).toEqual([
      ids['canon-eos-40d.jpg'],
    ]);

    const album = (await portal<PhotoAlbum>(portalA, PhotoApi.albumCreate, { name: ' 旅行 ' }))
      .data as PhotoAlbum;
    expect(album).toMatchObject({ name: '旅行', count: 0, cover_id: null });
    expect((await portal(portalA, PhotoApi.albumCreate, { name: '旅行' })).message).toBe(
      PhotoMsg.ALBUM_NAME_EXISTS,
    );
    expect((await portal(portalA, PhotoApi.albumCreate, { name: '' })).message).toBe(
      PhotoMsg.ALBUM_NAME_EMPTY,
    );
    const added = await portal<PhotoAlbum>(portalA, PhotoApi.albumAdd, {
      album_id: album.id,
      ids: [ids['nikon-coolpix-p6000-gps.jpg'], ids['west-lake.mp4']],
    });
    expect(added.data).toMatchObject({ count: 2, cover_id: ids['west-lake.mp4'] });
    const covered = await portal<PhotoAlbum>(portalA, PhotoApi.albumCover, {
      album_id: album.id,
      photo_id: ids['nikon-coolpix-p6000-gps.jpg'],
    });
    expect(covered.data?.cover_id).toBe(ids['nikon-coolpix-p6000-gps.jpg']);
    expect(
      (await portal(portalA, PhotoApi.albumCover, { album_id: album.id, photo_id: ids['canon-eos-40d.jpg'] }))
        .message,
    ).toBe(PhotoMsg.COVER_NOT_IN_ALBUM);
    const renamed = await portal<PhotoAlbum>(portalA, PhotoApi.albumRename, {
      album_id: album.id,
      name: '西湖',
    });
    expect(renamed.data?.name).toBe('西湖');
    expect((await timeline(portalA, { album_id: album.id })).items).toHaveLength(2);
    expect((await detail(portalA, ids['west-lake.mp4'])).albums).toEqual([album.id]);
    const removed = await portal<PhotoAlbum>(portalA, PhotoApi.albumRemove, {
      album_id: album.id,
      ids: [ids['nikon-coolpix-p6000-gps.jpg']],
    });
    expect(removed.data).toMatchObject({ count: 1, cover_id: ids['west-lake.mp4'] });
    expect((await portal(portalA, PhotoApi.albumDelete, { album_id: album.id })).code).toBe(0);
    expect((await portal<{ albums: PhotoAlbum[] }>(portalA, PhotoApi.albumList)).data?.albums).toEqual([]);
    expect((await detail(portalA, ids['west-lake.mp4'])).id).toBe(ids['west-lake.mp4']);
  });

  it('moves deleted photos to the bin, recovers them, and frees their space when deleted for good', async () => {
    const user = await createUser(server);
    const { client } = await verifiedClient(server, user);
    const token = await signInDevice(server, user, 'phone-bin');
    const heic = await backUp(server, token, 'IMG_5195.HEIC', photoBytes('IMG_5195.HEIC'));
    const mov = await backUp(server, token, 'IMG_5195.MOV', photoBytes('IMG_5195.MOV'));
    const jpg = await backUp(server, token, 'a.jpg', photoBytes('canon-eos-40d.jpg'));
    await photosRead(server);
    const total =
      photoBytes('IMG_5195.HEIC').length +
      photoBytes('IMG_5195.MOV').length +
      photoBytes('canon-eos-40d.jpg').length;
    expect(await usedBytes(user.id)).toBe(total);

    // The Live Photo goes with its video.
    expect((await portal(client, PhotoApi.delete, { ids: [heic.photoId] })).data).toEqual({ deleted: 1 });
    expect((await timeline(client)).items.map((i) => i.id)).toEqual([jpg.photoId]);
    const bin = (await portal<PhotoPage>(client, PhotoApi.binList, {})).data;
    expect(bin?.items.map((i) => i.id)).toEqual([heic.photoId]);
    expect((await portal(client, PhotoApi.binRecover, { ids: [heic.photoId] })).data).toEqual({
      recovered: 1,
    });
    expect((await timeline(client)).items).toHaveLength(2);

    await portal(client, PhotoApi.delete, { ids: [heic.photoId, jpg.photoId] });
    expect((await portal(client, PhotoApi.binDelete, { ids: [heic.photoId] })).data).toEqual({ deleted: 1 });
    expect(await usedBytes(user.id)).toBe(photoBytes('canon-eos-40d.jpg').length);
    expect((await detail(client, mov.photoId)) ?? null).toBeNull();

    // Housekeeping purges what stayed 30 days.
    server.clock.advance(31 * 86_400_000);
    await photosModule.housekeeping?.(server.deps);
    expect(await usedBytes(user.id)).toBe(0);
    // Sessions and their verification ran out meanwhile: sign in again.
    const later = (await verifiedClient(server, user)).client;
    expect((await portal<PhotoPage>(later, PhotoApi.binList, {})).data?.items).toEqual([]);
    portalA = (await verifiedClient(server, userA)).client;
  });

  it('follows a deletion on the phone only when the owner turned it on', async () => {
    const user = await createUser(server);
    const { client } = await verifiedClient(server, user);
    const token = await signInDevice(server, user, 'phone-del');
    const bytes = photoBytes('canon-eos-40d.jpg');
    const { photoId } = await backUp(server, token, 'x.jpg', bytes);
    const said = () =>
      deviceCall<{ deleted: number }>(
        server.baseUrl,
        PhotoDeviceApi.deleted,
        { sha256: [sha256(bytes)] },
        token,
      );
    expect((await said()).data).toEqual({ deleted: 0 });
    expect((await timeline(client)).items.map((i) => i.id)).toEqual([photoId]);
    expect((await portal(client, PhotoApi.settingsSave, { delete_follows_phone: true })).data).toEqual({
      delete_follows_phone: true,
      watch_folder: null,
    });
    expect((await said()).data).toEqual({ deleted: 1 });
    expect((await timeline(client)).items).toEqual([]);
    await photosRead(server);
  });

  it("refuses another user's photo and album ids on every call", async () => {
    const { client: other } = await verifiedClient(server);
    const mine = ids['nikon-coolpix-p6000-gps.jpg'];
    const album = (await portal<PhotoAlbum>(portalA, PhotoApi.albumCreate, { name: '私密' }))
      .data as PhotoAlbum;
    await portal(portalA, PhotoApi.albumAdd, { album_id: album.id, ids: [mine] });

    expect((await portal(other, PhotoApi.detail, { id: mine })).message).toBe(PhotoMsg.NOT_FOUND);
    expect((await portal(other, PhotoApi.favourite, { ids: [mine], favourite: true })).data).toEqual({
      updated: 0,
    });
    expect((await portal(other, PhotoApi.delete, { ids: [mine] })).data).toEqual({ deleted: 0 });
    expect((await portal(other, PhotoApi.binRecover, { ids: [mine] })).data).toEqual({ recovered: 0 });
    expect((await portal(other, PhotoApi.binDelete, { ids: [mine] })).data).toEqual({ deleted: 0 });
    expect((await portal(other, PhotoApi.binEmpty)).data).toEqual({ deleted: 0 });
    expect((await portal(other, PhotoApi.timeline, { album_id: album.id })).data).toEqual({
      items: [],
      next: '',
    });
    const mineAlbum = (await portal<PhotoAlbum>(other, PhotoApi.albumCreate, { name: '我的' }))
      .data as PhotoAlbum;
    expect((await portal(other, PhotoApi.albumAdd, { album_id: mineAlbum.id, ids: [mine] })).message).toBe(
      PhotoMsg.NOT_FOUND,
    );
    for (const [path, body] of [
      [PhotoApi.albumRename, { album_id: album.id, name: 'x' }],
      [PhotoApi.albumDelete, { album_id: album.id }],
      [PhotoApi.albumAdd, { album_id: album.id, ids: [mine] }],
      [PhotoApi.albumRemove, { album_id: album.id, ids: [mine] }],
      [PhotoApi.albumCover, { album_id: album.id, photo_id: mine }],
    ] as const) {
      expect((await portal(other, path, body)).message, path).toBe(PhotoMsg.ALBUM_NOT_FOUND);
    }
    expect((await other.raw(`${PhotoApi.file}/${mine}`)).status).toBe(404);
    expect((await other.raw(`${PhotoApi.thumb}/${mine}?s=256`)).status).toBe(404);
    // Nothing of the owner's changed.
    const still = await detail(portalA, mine);
    expect(still).toMatchObject({ favourite: false, albums: [album.id] });
    expect(still.trashed_at).toBeUndefined();
  });

  it('gives the demo account real photos, and deleting an account drops every reference its photos hold', async () => {
    const user = await createUser(server);
    const { client } = await verifiedClient(server, user);
    await photosModule.seedDemo?.(server.deps, user.id);
    await photosRead(server);
    const items = (await timeline(client)).items;
    // Five files, one of them a Live Photo's video.
    expect(items).toHaveLength(4);
    expect(items.every((i) => i.ready)).toBe(true);
    const cameras = await Promise.all(items.map(async (i) => (await detail(client, i.id)).model));
    expect(cameras.sort()).toEqual(['COOLPIX P6000', 'Canon EOS 40D', 'iPhone 11 Pro Max', 'iPhone 13']);

    const keys = await server.deps.db
      .selectFrom('photos')
      .select(['sha256', 'thumb_key', 'thumb_large_key'])
      .where('user_id', '=', user.id)
      .execute();
    const refs = async () => {
      const all = keys.flatMap((k) => [k.sha256, k.thumb_key ?? '', k.thumb_large_key ?? '']);
      const rows = await server.deps.db
        .selectFrom('drive_blobs')
        .select(['key', 'ref_count'])
        .where('key', 'in', all)
        .execute();
      return rows.reduce((sum, r) => sum + Number(r.ref_count), 0);
    };
    const before = await refs();
    expect(await deleteUser(server.deps, AREA_MODULES, user.id)).toBe(true);
    // Each of the five rows held three references (other accounts of this file hold the same contents).
    expect(before - (await refs())).toBe(15);
    expect(
      await server.deps.db.selectFrom('photos').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
  });

  it('asks for the session and its verification, and the phone for its token', async () => {
    const anonymous = server.client();
    expect((await portal(anonymous, PhotoApi.timeline)).code).toBe(Code.NOT_LOGGED_IN);
    const user = await createUser(server);
    const unverified = server.client();
    await unverified.post('/account/login.do', { account: user.username, password: user.password });
    expect((await portal(unverified, PhotoApi.timeline)).code).toBe(Code.VERIFY_REQUIRED);
    const bytes = await unverified.raw(`${PhotoApi.file}/${ids['canon-eos-40d.jpg']}`);
    expect(((await bytes.json()) as { code: number }).code).toBe(Code.VERIFY_REQUIRED);
    const noToken = await deviceCall(server.baseUrl, PhotoDeviceApi.check, { sha256: ['a'.repeat(64)] });
    expect(noToken.code).not.toBe(0);
  });
});
