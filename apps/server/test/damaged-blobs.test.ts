import { writeFileSync } from 'node:fs';
import {
  type AvatarUploadResult,
  ContactMsg,
  NoteMsg,
  PhotoApi,
  type PhotoDetail,
  PhotoDeviceApi,
  PhotoMsg,
  SmsMsg,
} from '@phonecloud/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSAL_POLICY } from '../src/http/csp.js';
import { smsModule } from '../src/modules/sms/module.js';
import { checkBlobs } from '../src/storage/blob-check.js';
import type { FsBlobStore } from '../src/storage/fs-store.js';
import { createUser, verifiedClient } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { closeServer } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { deviceCall, signInDevice } from './support/find.js';
import { keyOf, upload } from './support/notes.js';
import { backUp, photoBytes, photosRead, portal, sha256, timeline } from './support/photos.js';
import { startTestServer, type TestServer } from './support/server.js';
import { smsDetail, smsList } from './support/sms.js';

/**
 * Outside the drive (drive-damaged.test.ts), bytes the store check found changed are refused
 * with the area's text wherever they would be served, and a phone is not told a damaged photo
 * is backed up: it sends the photo again, which puts it right.
 */
describe.each(TEST_DIALECTS)('damaged stored bytes outside the drive [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => closeServer(server));

  /** Flips a byte of the blob stored under `key` and runs the store check over the whole store. */
  async function rot(key: string) {
    const store = server.deps.blobs as FsBlobStore;
    const bytes = Buffer.from(await (await server.deps.blobs.get(key)).toArray().then(Buffer.concat));
    bytes[3] = (bytes[3] ?? 0) ^ 1;
    writeFileSync(store.fileOf(key), bytes);
    await check();
  }
  async function check() {
    server.clock.advance(60_000);
    await checkBlobs(server.deps.db, server.deps.blobs, server.clock.now(), Number.POSITIVE_INFINITY);
  }
  /** The blob behind an area's file row (an avatar's, a message picture's). */
  async function blobKeyOf(table: 'contact_files' | 'sms_files', userId: number, id: string) {
    const row = await server.deps.db
      .selectFrom(table)
      .select('blob_key')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.blob_key;
  }
  async function refused(client: TestClient, url: string, message: string, extra: object = {}) {
    const res = await client.raw(url);
    expect(res.status, url).toBe(409);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // Nothing may run in it, but the portal's download frame may read its text (no sandbox).
    expect(res.headers.get('content-security-policy')).toBe(REFUSAL_POLICY);
    expect(await res.json()).toEqual({ code: 409, message, ...extra });
  }

  it('a photo: refused to view, thumbnail and zip, asked of the phone again, right once it is sent', async () => {
    const user = await createUser(server);
    const { client } = await verifiedClient(server, user);
    const phone = await signInDevice(server, user, 'phone-damaged');
    const bytes = photoBytes('canon-eos-40d.jpg');
    const other = photoBytes('orientation-6.jpg');
    const { photoId } = await backUp(server, phone, 'IMG_0001.jpg', bytes);
    const { photoId: goodId } = await backUp(server, phone, 'IMG_0002.jpg', other);
    await photosRead(server);
    const row = (await timeline(client)).items.find((p) => p.id === photoId);
    expect(row).toBeDefined();
    await rot(sha256(bytes));

    // The timeline and the photo's detail say so; the other photo is whole.
    const marked = new Map((await timeline(client)).items.map((p) => [p.id, p.damaged]));
    expect([marked.get(photoId), marked.get(goodId)]).toEqual([true, undefined]);
    const detail = await portal<PhotoDetail>(client, PhotoApi.detail, { id: photoId });
    expect(detail.data?.damaged).toBe(true);
    await refused(client, `${PhotoApi.file}/${photoId}`, PhotoMsg.DAMAGED);
    expect((await client.raw(`${PhotoApi.file}/${goodId}`)).status).toBe(200);
    // Its thumbnails were made from the good bytes and are still shown.
    expect((await client.raw(`${PhotoApi.thumb}/${photoId}`)).status).toBe(200);
    const zip = await portal<{ url: string }>(client, PhotoApi.zipUrl, { ids: [goodId, photoId] });
    await refused(client, zip.data?.url ?? '', PhotoMsg.DAMAGED, { files: ['IMG_0001.jpg'] });

    // The phone is not told it is backed up: it sends it again, which puts it right.
    const asked = await deviceCall<{ present: string[] }>(
      server.baseUrl,
      PhotoDeviceApi.check,
      { sha256: [sha256(bytes), sha256(other)] },
      phone,
    );
    expect(asked.data?.present).toEqual([sha256(other)]);
    // Asked which of its photos are damaged, the phone hears of this one; another user's, of none.
    const damagedOf = async (token: string) =>
      (await deviceCall<{ sha256: string[] }>(server.baseUrl, PhotoDeviceApi.damaged, {}, token)).data
        ?.sha256;
    expect(await damagedOf(phone)).toEqual([sha256(bytes)]);
    const stranger = await createUser(server);
    expect(await damagedOf(await signInDevice(server, stranger, 'phone-stranger'))).toEqual([]);
    const again = await backUp(server, phone, 'IMG_0001.jpg', bytes);
    expect(again).toEqual({ photoId, uploaded: true });
    await check();
    const back = await client.raw(`${PhotoApi.file}/${photoId}`);
    expect(back.status).toBe(200);
    expect(sha256(Buffer.from(await back.arrayBuffer()))).toBe(sha256(bytes));
    expect((await client.raw(zip.data?.url ?? '')).status).toBe(200);
    // Still one photo, counted once, no longer marked.
    const items = (await timeline(client)).items.filter((p) => p.id === photoId);
    expect(items).toHaveLength(1);
    expect(items[0]).not.toHaveProperty('damaged');
    const now = await deviceCall<{ present: string[] }>(
      server.baseUrl,
      PhotoDeviceApi.check,
      { sha256: [sha256(bytes)] },
      phone,
    );
    expect(now.data?.present).toEqual([sha256(bytes)]);
    expect(await damagedOf(phone)).toEqual([]);
  });

  it('a damaged thumbnail is refused, not shown as a picture', async () => {
    const user = await createUser(server);
    const { client } = await verifiedClient(server, user);
    const phone = await signInDevice(server, user, 'phone-thumb');
    const { photoId } = await backUp(server, phone, 'IMG_0003.jpg', photoBytes('orientation-6.jpg'));
    await photosRead(server);
    const thumb = await server.deps.db
      .selectFrom('photos')
      .select('thumb_key')
      .where('id', '=', photoId)
      .executeTakeFirstOrThrow();
    await rot(thumb.thumb_key ?? '');
    await refused(client, `${PhotoApi.thumb}/${photoId}`, PhotoMsg.DAMAGED);
    expect((await client.raw(`${PhotoApi.file}/${photoId}`)).status).toBe(200);
    // Asked for, it is made again from the whole original: shown at the next look, and whole.
    await photosRead(server);
    const again = await client.raw(`${PhotoApi.thumb}/${photoId}`);
    expect(again.status).toBe(200);
    expect((await again.arrayBuffer()).byteLength).toBeGreaterThan(100);
    expect((await timeline(client)).items.find((p) => p.id === photoId)?.ready).toBe(true);
    server.clock.advance(60_000);
    const next = await checkBlobs(
      server.deps.db,
      server.deps.blobs,
      server.clock.now(),
      Number.POSITIVE_INFINITY,
    );
    expect(next.damaged).toEqual([]);
  });

  it("a note's picture, a contact's avatar and a message's picture", async () => {
    const user = await createUser(server);
    const { client } = await verifiedClient(server, user);
    const png = (colour: string) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
        .png()
        .toBuffer();

    const note = await upload(client, 'a.png', await png('#123456'));
    const noteOk = await upload(client, 'b.png', await png('#654321'));
    await rot(keyOf(note.cloud_path));
    await refused(client, note.cloud_path, NoteMsg.FILE_DAMAGED);
    expect((await client.raw(noteOk.cloud_path)).status).toBe(200);

    const avatar = await client.post<AvatarUploadResult>('/contact/attachment/upload.do', {
      filename: 'me.png',
      fid: 'head_photo',
      file: (await png('#00aa00')).toString('base64'),
    });
    expect(avatar.code, avatar.message).toBe(0);
    const avatarPath = avatar.data?.cloud_path ?? '';
    expect((await client.raw(avatarPath)).status).toBe(200);
    await rot(await blobKeyOf('contact_files', user.id, keyOf(avatarPath)));
    await refused(client, avatarPath, ContactMsg.AVATAR_DAMAGED);

    await smsModule.seedDemo?.(server.deps, user.id);
    const newest = (await smsList(client)).collection_list[0];
    const detail = await smsDetail(client, { format_address: newest?.format_address ?? '' });
    const picture = detail.sms_list.at(-1)?.content.attachments?.[0] ?? '';
    expect((await client.raw(picture)).status).toBe(200);
    await rot(await blobKeyOf('sms_files', user.id, keyOf(picture)));
    await refused(client, picture, SmsMsg.PICTURE_DAMAGED);
  });

  it("another user's files stay not found, damaged or not", async () => {
    const owner = await createUser(server);
    const { client } = await verifiedClient(server, owner);
    const note = await upload(client, 'c.png', photoBytes('orientation-6.jpg'));
    await rot(keyOf(note.cloud_path));
    const { client: stranger } = await verifiedClient(server, await createUser(server));
    expect((await stranger.raw(note.cloud_path)).status).toBe(404);
  });
});
