import { DRIVE_ROOT_NUMERIC_ID } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/housekeeping.js';
import { DriveService } from '../src/modules/drive/service.js';
import { Uploads } from '../src/modules/drive/upload/uploads.js';
import { createUser } from './support/accounts.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

/**
 * A one-request upload (WebDAV PUT, the older drive's upload host) left by a process that died
 * mid-body cannot be resumed: its reserved space comes back minutes later, not after a day.
 */
describe.each(TEST_DIALECTS)('one-request uploads hold their space by a lease [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it("a dead process's WebDAV-shaped and v1 sessions release their space once their lease lapses; a part upload keeps its hour", async () => {
    const user = await createUser(server);
    const drive = new DriveService(server.deps);
    await drive.open(user.id);
    const uploads = new Uploads(drive);
    const at = { parentId: DRIVE_ROOT_NUMERIC_ID, nameMode: 'overwrite' as const };
    // Sessions as a crash leaves them: made, their bodies never finished.
    await uploads.create(user.id, {
      ...at,
      name: 'webdav.bin',
      size: 500_000_000,
      face: 'v2',
      onePart: true,
    });
    await uploads.create(user.id, { ...at, name: 'v1.bin', size: 100_000_000, face: 'v1' });
    const resumable = await uploads.create(user.id, {
      ...at,
      name: 'parts.bin',
      size: 30_000_000,
      face: 'v2',
    });
    expect((await drive.quota.usage(user.id)).reserved).toBe(630_000_000);

    server.clock.advance(3 * 60_000);
    await purgeExpired(server.deps);
    // The portal's part upload can still be resumed: it keeps its space.
    expect((await drive.quota.usage(user.id)).reserved).toBe(30_000_000);
    const left = await server.deps.db
      .selectFrom('drive_uploads')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left.map((r) => r.id)).toEqual([resumable.id]);
  });
});
