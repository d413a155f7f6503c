import { Code, PhotoDeviceApi, PhotoMsg, type PhotoUploadState } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, verifiedClient } from './support/accounts.js';
import { TEST_DIALECTS } from './support/db.js';
import { deviceCall, signInDevice } from './support/find.js';
import { backUp, driveBytes, photoBytes, photosRead, putPart, sha256, timeline } from './support/photos.js';
import { startTestServer, type TestServer } from './support/server.js';

// The phone's uploads into the photos (split from photos.test.ts): one content stored once across
// phones, a session resumed and refused when its bytes are not the announced ones, a file of one
// part in one request. Each test has an account of its own.
describe.each(TEST_DIALECTS)('photo uploads [%s]', (dialect) => {
  let server: TestServer;

  const usedBytes = async (userId: number) => (await driveBytes(server, userId)).used;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('stores a picture once when a second phone backs it up, and counts it once in the drive space', async () => {
    const user = await createUser(server);
    const { client } = await verifiedClient(server, user);
    const one = await signInDevice(server, user, 'phone-one');
    const two = await signInDevice(server, user, 'phone-two');
    const bytes = photoBytes('canon-eos-40d.jpg');
    const first = await backUp(server, one, 'IMG_0001.jpg', bytes);
    expect(first.uploaded).toBe(true);
    const check = await deviceCall<{ present: string[] }>(
      server.baseUrl,
      PhotoDeviceApi.check,
      { sha256: [sha256(bytes), sha256(Buffer.from('other'))] },
      two,
    );
    expect(check.data?.present).toEqual([sha256(bytes)]);
    const second = await backUp(server, two, 'DSC_9.jpg', bytes);
    expect(second).toEqual({ photoId: first.photoId, uploaded: false });
    expect(await usedBytes(user.id)).toBe(bytes.length);
    await photosRead(server);
    expect((await timeline(client)).items).toHaveLength(1);
  });

  it('resumes an upload session and refuses bytes that are not the announced ones', async () => {
    const user = await createUser(server);
    const token = await signInDevice(server, user, 'phone-resume');
    const bytes = photoBytes('orientation-6.jpg');
    const announce = {
      sha256: sha256(bytes),
      size: bytes.length,
      name: 'IMG_2.jpg',
      mtime: 1_700_000_000_000,
    };
    const started = (
      await deviceCall<PhotoUploadState>(server.baseUrl, PhotoDeviceApi.start, announce, token)
    ).data;
    if (!started || started.done) throw new Error('expected a session');
    expect(started.parts_done).toEqual([]);
    expect((await putPart(server, token, started.upload_id, 1, bytes)).code).toBe(0);
    const again = await deviceCall<PhotoUploadState>(
      server.baseUrl,
      PhotoDeviceApi.start,
      { ...announce, upload_id: started.upload_id },
      token,
    );
    expect(again.data).toMatchObject({ done: false, upload_id: started.upload_id, parts_done: [1] });

    const wrong = { ...announce, sha256: sha256(Buffer.from('not these bytes')) };
    const s2 = (await deviceCall<PhotoUploadState>(server.baseUrl, PhotoDeviceApi.start, wrong, token)).data;
    if (!s2 || s2.done) throw new Error('expected a session');
    await putPart(server, token, s2.upload_id, 1, bytes);
    const refused = await deviceCall(
      server.baseUrl,
      PhotoDeviceApi.complete,
      { ...wrong, upload_id: s2.upload_id },
      token,
    );
    expect(refused).toMatchObject({ code: Code.INVALID, message: PhotoMsg.HASH_MISMATCH });
    // The session is gone with its reservation; the right one completes.
    expect(
      (
        await deviceCall(
          server.baseUrl,
          PhotoDeviceApi.complete,
          { ...wrong, upload_id: s2.upload_id },
          token,
        )
      ).code,
    ).not.toBe(0);
    const done = await deviceCall<{ photo_id: number }>(
      server.baseUrl,
      PhotoDeviceApi.complete,
      { ...announce, upload_id: started.upload_id },
      token,
    );
    expect(done.code).toBe(0);
    expect(await driveBytes(server, user.id)).toEqual({ used: bytes.length, reserved: 0 });
    await photosRead(server);
  });

  it('takes a file of one part in one request, stores kept content once, and refuses other bytes', async () => {
    const user = await createUser(server);
    const token = await signInDevice(server, user, 'phone-whole');
    const bytes = photoBytes('canon-s40-exif-gps.png');
    const put = async (body: Buffer, sha = sha256(body)) => {
      const qs = new URLSearchParams({
        sha256: sha,
        size: String(body.length),
        name: 'P1.png',
        mtime: '1700000000000',
      });
      const res = await fetch(`${server.baseUrl}${PhotoDeviceApi.whole}?${qs}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        body,
      });
      return (await res.json()) as { code: number; message?: string; data?: { photo_id: number } };
    };
    const first = await put(bytes);
    expect(first.code).toBe(0);
    expect((await put(bytes)).data?.photo_id).toBe(first.data?.photo_id);
    const wrong = await put(bytes, sha256(Buffer.from('other')));
    expect(wrong).toMatchObject({ code: Code.INVALID, message: PhotoMsg.HASH_MISMATCH });
    expect(await driveBytes(server, user.id)).toEqual({ used: bytes.length, reserved: 0 });
    const noToken = await fetch(`${server.baseUrl}${PhotoDeviceApi.whole}?sha256=${sha256(bytes)}`, {
      method: 'PUT',
      body: bytes,
    });
    expect(((await noToken.json()) as { code: number }).code).not.toBe(0);
    await photosRead(server);
  });
});
