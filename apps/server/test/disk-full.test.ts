import { CONTACT_NOTE_MAX, Code, Msg } from '@phonecloud/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedClient } from './support/accounts.js';
import { person, saveRaw } from './support/contacts.js';
import { type DavAccount, dav, davAccount } from './support/dav.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

/** A full disk is answered as one (507, a text saying so), and loses nothing already stored. */
describe.each(TEST_DIALECTS)('a full disk [%s]', (dialect) => {
  let server: TestServer;
  let me: DavAccount;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    me = await davAccount(server);
  });
  afterAll(() => server.close());

  it('a WebDAV PUT whose bytes find no space answers 507 and gives its reserved space back', async () => {
    const put = server.deps.blobs.put.bind(server.deps.blobs);
    server.deps.blobs.put = async () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    try {
      const res = await fetch(`${server.baseUrl}/dav/drive/full.bin`, {
        method: 'PUT',
        headers: {
          authorization: `Basic ${Buffer.from(`${me.user.username}:${me.password}`).toString('base64')}`,
        },
        body: Buffer.alloc(64 * 1024, 1),
      });
      expect(res.status).toBe(507);
    } finally {
      server.deps.blobs.put = put;
    }
    const reserved = await server.deps.db
      .selectFrom('drive_uploads')
      .select('reserved')
      .where('user_id', '=', me.user.id)
      .execute();
    expect(reserved).toEqual([]);
    expect((await dav(server, me, 'GET', '/dav/drive/full.bin')).status).toBe(404);
  });
});

/** SQLite's own full database (its page limit reached): what the PostgreSQL error code maps to is the same path. */
describe('a full SQLite database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server.close());

  it('a portal save the database has no room for says so in Chinese, and what was saved stays', async () => {
    const { client } = await verifiedClient(server);
    expect((await saveRaw(client, person('满之前'))).code).toBe(0);
    const db = server.deps.db;
    const pages = Number(
      ((await sql<{ page_count: number }>`PRAGMA page_count`.execute(db)).rows[0] as { page_count: number })
        .page_count,
    );
    await sql.raw(`PRAGMA max_page_count = ${pages}`).execute(db);
    // Contacts are saved until the database has no page left for one.
    let full: Awaited<ReturnType<typeof saveRaw>> | null = null;
    const saved: string[] = [];
    try {
      for (let i = 0; i < 300 && !full; i++) {
        const name = `满了${i}`;
        const res = await saveRaw(
          client,
          person(name, { note: [{ note: '很长的备注'.repeat(CONTACT_NOTE_MAX / 5) }] }),
        );
        if (res.code === 0) saved.push(name);
        else full = res;
      }
      expect(full?.code).toBe(Code.SERVER_ERROR);
      expect(full?.message).toBe(Msg.STORAGE_FULL);
      // The answer names its request, so the operator finds the log line.
      expect((full as { request_id?: string } | null)?.request_id).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await sql.raw('PRAGMA max_page_count = 1073741823').execute(db);
    }
    const names = await client.get<{
      list: Record<string, { content: { name: Array<{ display_name: string }> } }>;
    }>('/contact/list.do');
    const shown = Object.values(names.data?.list ?? {}).map((c) => c.content.name[0]?.display_name);
    expect(shown.sort()).toEqual(['满之前', ...saved].sort());
  });
});
