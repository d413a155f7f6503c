import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_MODULES } from '../src/app.js';
import { purgeExpired } from '../src/housekeeping.js';
import { ContactsRepo, FileKind } from '../src/modules/contacts/repo.js';
import { BLOB_GRACE_MS, BlobIndex } from '../src/modules/drive/blob-index.js';
import { createUser } from './support/accounts.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

describe.each(TEST_DIALECTS)('blobs shared across areas [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('keeps bytes the drive no longer references while an avatar still uses them', async () => {
    const user = await createUser(server);
    const info = await server.deps.blobs.put(Readable.from([Buffer.from('same bytes in two areas')]));
    // The drive once held these bytes and let go of them.
    await new BlobIndex(server.deps.db).touch(info, server.clock.now());
    const contacts = new ContactsRepo(server.deps.db);
    await contacts.insertFile({
      user_id: user.id,
      id: info.key,
      kind: FileKind.AVATAR,
      blob_key: info.key,
      name: 'avatar.jpg',
      size: info.size,
      created_at: server.clock.now(),
      expires_at: null,
    });
    server.clock.advance(BLOB_GRACE_MS + 1);
    await purgeExpired(server.deps, AREA_MODULES);
    expect(await server.deps.blobs.stat(info.key)).toEqual({ size: info.size });

    // Once no area uses them, they go after another grace period.
    await server.deps.db.deleteFrom('contact_files').where('blob_key', '=', info.key).execute();
    await purgeExpired(server.deps, AREA_MODULES);
    expect(await server.deps.blobs.stat(info.key)).not.toBeNull();
    server.clock.advance(BLOB_GRACE_MS + 1);
    await purgeExpired(server.deps, AREA_MODULES);
    expect(await server.deps.blobs.stat(info.key)).toBeNull();
  });
});
