import { Readable } from 'node:stream';
import { type AvatarUploadResult, EXPORT_KEEP_HOURS, type ExportResult } from '@phonecloud/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/housekeeping.js';
import { AvatarService } from '../src/modules/contacts/files/avatar.js';
import { BLOB_GRACE_MS, BlobIndex } from '../src/storage/blob-index.js';
import { createUser, verifiedClient } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { closeServer, person, remove, save } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

const HOUR = 60 * 60_000;

async function avatar(client: TestClient, colour: string): Promise<{ path: string; key: string }> {
  const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const res = await client.post<AvatarUploadResult>('/contact/attachment/upload.do', {
    filename: 'me.png',
    fid: 'head_photo',
    file: image.toString('base64'),
  });
  expect(res.code, res.message).toBe(0);
  const path = res.data?.cloud_path ?? '';
  return { path, key: path.slice(path.lastIndexOf('/') + 1) };
}

describe.each(TEST_DIALECTS)("contacts' files and their blobs [%s]", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => closeServer(server));

  const fileIds = async (userId: number) =>
    (
      await server.deps.db.selectFrom('contact_files').select('id').where('user_id', '=', userId).execute()
    ).map((r) => r.id);
  const refs = async (key: string) =>
    Number((await new BlobIndex(server.deps.db).byKey(key))?.ref_count ?? Number.NaN);
  const stored = async (key: string) => (await server.deps.blobs.stat(key)) !== null;
  /** Runs the housekeeping as the timer would, `hours` later. */
  const later = async (hours: number) => {
    server.clock.advance(hours * HOUR);
    await purgeExpired(server.deps);
  };

  it('removes an avatar no contact names a day after its upload, and its bytes after the grace', async () => {
    const { client, user } = await verifiedClient(server);
    const unused = await avatar(client, '#aa0000');
    const used = await avatar(client, '#00aa00');
    await save(client, person('有头像'), { attachment: [{ fid: 'head_photo', cloud_path: used.path }] });
    expect([await refs(unused.key), await refs(used.key)]).toEqual([1, 1]);

    // An editor may hold a fresh upload for a while before its save.
    await later(2);
    expect((await fileIds(user.id)).sort()).toEqual([unused.key, used.key].sort());

    await later(2 * 24);
    expect(await fileIds(user.id)).toEqual([used.key]);
    expect(await refs(unused.key)).toBe(0);
    expect(await stored(unused.key)).toBe(true);

    await later(BLOB_GRACE_MS / HOUR + 1);
    expect(await stored(unused.key)).toBe(false);
    expect(await stored(used.key)).toBe(true);
    expect(await refs(used.key)).toBe(1);
  });

  it("keeps a deleted contact's avatar while the bin or the time machine can bring it back", async () => {
    const { client, user } = await verifiedClient(server);
    const face = await avatar(client, '#0000aa');
    const saved = await save(client, person('将删除'), {
      attachment: [{ fid: 'head_photo', cloud_path: face.path }],
    });
    await remove(client, [saved.contact]);

    await later(3 * 24);
    expect(await fileIds(user.id)).toEqual([face.key]);
    expect(await stored(face.key)).toBe(true);

    // Past the bin's and the time machine's 30 days nothing can name it any more.
    await later(31 * 24);
    expect(await fileIds(user.id)).toEqual([]);
    await later(BLOB_GRACE_MS / HOUR + 1);
    expect(await stored(face.key)).toBe(false);
  });

  it('removes an export file and its bytes once it expired', async () => {
    const { client, user } = await verifiedClient(server);
    await save(client, person('导出一次'));
    const exported = await client.post<ExportResult>('/contact/export.do', { sync_version: 0 });
    expect(exported.code, exported.message).toBe(0);
    const row = await server.deps.db
      .selectFrom('contact_files')
      .select('blob_key')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(await refs(row.blob_key)).toBe(1);

    await later(EXPORT_KEEP_HOURS - 1);
    expect(await fileIds(user.id)).toHaveLength(1);
    await later(2);
    expect(await fileIds(user.id)).toEqual([]);
    await later(BLOB_GRACE_MS / HOUR + 1);
    expect(await stored(row.blob_key)).toBe(false);
  });

  it('keeps bytes the drive let go of while an avatar still holds them, and the other way round', async () => {
    const user = await createUser(server);
    const bytes = Buffer.from('the same bytes in two areas');
    const index = new BlobIndex(server.deps.db);
    // A drive item of these bytes...
    const info = await server.deps.blobs.put(Readable.from([bytes]));
    await index.ref(server.deps.db, info, server.clock.now());
    // ...and an avatar of the same bytes (stored as the import stores a card's photo).
    const path = await new AvatarService(server.deps).storeImage(user.id, bytes, 'same.jpg');
    expect(path.endsWith(info.key)).toBe(true);
    expect(await refs(info.key)).toBe(2);

    await index.unref(server.deps.db, info.key, server.clock.now());
    await later(BLOB_GRACE_MS / HOUR + 1);
    expect(await stored(info.key)).toBe(true);

    // The avatar is named by no contact: it goes after a day, the bytes after the grace.
    await later(2 * 24);
    expect(await refs(info.key)).toBe(0);
    expect(await stored(info.key)).toBe(true);
    await later(BLOB_GRACE_MS / HOUR + 1);
    expect(await stored(info.key)).toBe(false);
    expect(await index.byKey(info.key)).toBeUndefined();
  });

  it('writes the bytes again when the collector removed them between the write and the reference', async () => {
    const index = new BlobIndex(server.deps.db);
    const bytes = Buffer.from('removed while being linked');
    const info = await index.storeHeld(server.deps.blobs, bytes, server.clock.now(), async (_db, blob) => {
      // The collector's claim of an older, unreferenced copy lands here.
      await server.deps.blobs.delete(blob.key);
      return true;
    });
    expect(await stored(info.key)).toBe(true);
    expect(await refs(info.key)).toBe(1);
  });
});
