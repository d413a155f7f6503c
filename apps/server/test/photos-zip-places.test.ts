import { randomUUID } from 'node:crypto';
import {
  PHOTO_ZIP_LINK_MINUTES,
  PhotoApi,
  PhotoMsg,
  type PhotoPage,
  type PhotoPlace,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { verifiedClient } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { TEST_DIALECTS } from './support/db.js';
import { signInDevice } from './support/find.js';
import { backUp, photoBytes, photosRead, portal, sha256 } from './support/photos.js';
import { startTestServer, type TestServer } from './support/server.js';

interface ZipRead {
  bytes: Buffer;
  /** yauzl's compression method: 0 stored, 8 deflated. */
  method: number;
}

/** Every entry of a zip, read back with a second, independent library (yauzl). */
async function unzip(buf: Buffer): Promise<Map<string, ZipRead>> {
  const zip = await new Promise<yauzl.ZipFile>((ok, fail) =>
    yauzl.fromBuffer(buf, { lazyEntries: true, decodeStrings: true }, (err, z) => (err ? fail(err) : ok(z))),
  );
  const out = new Map<string, ZipRead>();
  await new Promise<void>((ok, fail) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, async (err, stream) => {
        if (err) return fail(err);
        const chunks: Buffer[] = [];
        for await (const c of stream) chunks.push(c as Buffer);
        out.set(entry.fileName, { bytes: Buffer.concat(chunks), method: entry.compressionMethod });
        zip.readEntry();
      });
    });
    zip.on('end', ok);
    zip.on('error', fail);
    zip.readEntry();
  });
  return out;
}

const NIKON = 'nikon-coolpix-p6000-gps.jpg';
// The same picture with a byte after its end: another content under the same name and place.
const bad = { code: 1000, message: PhotoMsg.BAD_REQUEST };
const nikonCopy = () => Buffer.concat([photoBytes(NIKON), Buffer.from([0])]);

describe.each(TEST_DIALECTS)('photos: zip download and map [%s]', (dialect) => {
  let server: TestServer;
  let a: TestClient;
  let b: TestClient;
  const ids: Record<string, number> = {};
  let idB = 0;

  const places = async (client: TestClient, body: object = {}) =>
    ((await portal<{ places: PhotoPlace[] }>(client, PhotoApi.places, body)).data?.places ??
      []) as PhotoPlace[];

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const userA = await verifiedClient(server);
    const userB = await verifiedClient(server);
    a = userA.client;
    b = userB.client;
    const tokenA = await signInDevice(server, userA.user, `phone-${randomUUID().slice(0, 8)}`);
    const tokenB = await signInDevice(server, userB.user, `phone-${randomUUID().slice(0, 8)}`);
    for (const name of [NIKON, 'IMG_5195.HEIC', 'IMG_5195.MOV', 'west-lake.mp4', 'canon-s40-exif-gps.png'])
      ids[name] = (await backUp(server, tokenA, name, photoBytes(name))).photoId;
    ids.copy = (await backUp(server, tokenA, NIKON, nikonCopy())).photoId;
    idB = (await backUp(server, tokenB, NIKON, photoBytes(NIKON))).photoId;
    await photosRead(server);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('downloads the originals of a selection as one stored zip, a Live Photo with its video', async () => {
    const made = await portal<{ url: string }>(a, PhotoApi.zipUrl, {
      ids: [ids[NIKON], ids.copy, ids['IMG_5195.HEIC'], ids['west-lake.mp4']],
    });
    expect(made.code).toBe(0);
    const url = made.data?.url as string;
    expect(url.startsWith(`${PhotoApi.zip}/`)).toBe(true);

    const res = await a.raw(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
    const body = Buffer.from(await res.arrayBuffer());
    // Every entry is stored with its size, so the length is known ahead (the browser's progress).
    expect(Number(res.headers.get('content-length'))).toBe(body.length);

    const entries = await unzip(body);
    const expected: Record<string, Buffer> = {
      [NIKON]: photoBytes(NIKON),
      'nikon-coolpix-p6000-gps (2).jpg': nikonCopy(),
      'IMG_5195.HEIC': photoBytes('IMG_5195.HEIC'),
      'IMG_5195.MOV': photoBytes('IMG_5195.MOV'),
      'west-lake.mp4': photoBytes('west-lake.mp4'),
    };
    expect([...entries.keys()].sort()).toEqual(Object.keys(expected).sort());
    for (const [name, bytes] of Object.entries(expected)) {
      expect(sha256(entries.get(name)?.bytes as Buffer), name).toBe(sha256(bytes));
      expect(entries.get(name)?.method, name).toBe(0);
    }
  });

  it("refuses another user's ids and photos in the bin; the link is its maker's and expires", async () => {
    const foreign = await portal(a, PhotoApi.zipUrl, { ids: [ids[NIKON], idB] });
    expect(foreign).toMatchObject({ code: 1000, message: PhotoMsg.NOT_FOUND });
    expect(await portal(a, PhotoApi.zipUrl, { ids: [] })).toMatchObject(bad);

    const made = await portal<{ url: string }>(a, PhotoApi.zipUrl, { ids: [ids['canon-s40-exif-gps.png']] });
    const url = made.data?.url as string;
    expect((await b.raw(url)).status).toBe(404);
    expect((await a.raw(`${PhotoApi.zip}/${'x'.repeat(24)}`)).status).toBe(404);

    expect((await portal(a, PhotoApi.delete, { ids: [ids['canon-s40-exif-gps.png']] })).code).toBe(0);
    const binned = await portal(a, PhotoApi.zipUrl, { ids: [ids['canon-s40-exif-gps.png']] });
    expect(binned).toMatchObject({ code: 1000, message: PhotoMsg.NOT_FOUND });
    // Deleted after the link was made: left out of its zip.
    const entries = await unzip(Buffer.from(await (await a.raw(url)).arrayBuffer()));
    expect(entries.size).toBe(0);
    expect((await portal(a, PhotoApi.binRecover, { ids: [ids['canon-s40-exif-gps.png']] })).code).toBe(0);

    server.clock.advance(PHOTO_ZIP_LINK_MINUTES * 60_000 + 1);
    expect((await a.raw(url)).status).toBe(404);
  });

  it('groups the places by grid cell: mean position, count, newest as cover, the place name', async () => {
    const all = await places(a, { cell: 1 });
    expect(all.map((p) => p.count).sort()).toEqual([1, 1, 1, 2]);
    const italy = all.find((p) => p.count === 2) as PhotoPlace;
    // Same time taken: the later row is the newer.
    expect(italy.cover_id).toBe(ids.copy);
    expect(italy.latitude).toBeCloseTo(43.4674, 3);
    expect(italy.longitude).toBeCloseTo(11.8851, 3);
    const hangzhou = all.find((p) => p.cover_id === ids['west-lake.mp4']);
    expect(hangzhou).toMatchObject({ count: 1, place: '浙江省 杭州市' });
    expect(hangzhou?.latitude).toBeCloseTo(30.2592, 3);
    // A cell as large as the map allows: still one point per cell, not one per photo.
    expect((await places(a, { cell: 10 })).reduce((n, p) => n + p.count, 0)).toBe(5);

    // The filters hold, another user's photos never show, the bin's neither.
    expect((await places(a, { kind: 'video' })).map((p) => p.cover_id)).toEqual([ids['west-lake.mp4']]);
    expect(await places(a, { place: '杭州', cell: 1 })).toHaveLength(1);
    expect((await places(b, { cell: 1 })).map((p) => p.cover_id)).toEqual([idB]);
    await portal(a, PhotoApi.delete, { ids: [ids.copy] });
    expect((await places(a, { cell: 1 })).find((p) => p.cover_id === ids[NIKON])?.count).toBe(1);
    await portal(a, PhotoApi.binRecover, { ids: [ids.copy] });

    expect(await portal(a, PhotoApi.places, { cell: 0 })).toMatchObject(bad);
  });

  it("opens a cell's photos: the timeline and months take a box", async () => {
    const box = [43, 11, 44, 12];
    const page = (await portal<PhotoPage>(a, PhotoApi.timeline, { bbox: box })).data as PhotoPage;
    expect(page.items.map((i) => i.id).sort()).toEqual([ids[NIKON], ids.copy].sort());
    const months = await portal<{ months: { count: number }[] }>(a, PhotoApi.months, { bbox: box });
    expect(months.data?.months).toEqual([{ month: '2008-10', count: 2 }]);
    // A box across the 180th meridian (west > east) and one that misses everything.
    expect(
      ((await portal<PhotoPage>(a, PhotoApi.timeline, { bbox: [43, 170, 44, 12] })).data as PhotoPage).items,
    ).toHaveLength(2);
    expect(
      ((await portal<PhotoPage>(a, PhotoApi.timeline, { bbox: [0, 0, 1, 1] })).data as PhotoPage).items,
    ).toHaveLength(0);
    expect(await portal(a, PhotoApi.timeline, { bbox: [44, 11, 43, 12] })).toMatchObject(bad);
  });
});
