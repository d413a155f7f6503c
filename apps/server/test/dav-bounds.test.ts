import { WEBDAV_DRIVE_PATH } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DavAccount, dav, davAccount } from './support/dav.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

/** 30,000 levels (about 330 KB), as a report found: read to its end, it held the event loop 15 s. */
const NESTED = `<D:propfind xmlns:D="DAV:">${'<D:a>'.repeat(30_000)}${'</D:a>'.repeat(30_000)}</D:propfind>`;

describe.each(TEST_DIALECTS)('a DAV body made to cost does not stall others [%s]', (dialect) => {
  let server: TestServer;
  let attacker: DavAccount;
  let other: DavAccount;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    attacker = await davAccount(server);
    other = await davAccount(server);
  });
  afterAll(() => server.close());

  it('answers a deeply nested PROPFIND, REPORT, WebDAV PROPFIND and LOCK 400 at once, and another client meanwhile', async () => {
    const targets = [
      ['PROPFIND', `/dav/addressbooks/${attacker.user.username}/contacts/`],
      ['REPORT', `/dav/calendars/${attacker.user.username}/calendar/`],
      ['PROPFIND', `${WEBDAV_DRIVE_PATH}/`],
      ['LOCK', `${WEBDAV_DRIVE_PATH}/locked.txt`],
    ] as const;
    const attacks = targets.flatMap(([method, path]) =>
      [1, 2].map(() =>
        dav(server, attacker, method, path, { body: NESTED, headers: { depth: '0' } }).then((r) => r.status),
      ),
    );
    // Another user's listing, sent while the attacks are read.
    const started = performance.now();
    const theirs = await dav(
      server,
      other,
      'PROPFIND',
      `/dav/addressbooks/${other.user.username}/contacts/`,
      {
        headers: { depth: '0' },
        body: '<propfind xmlns="DAV:"><prop><getetag/></prop></propfind>',
      },
    );
    const waited = performance.now() - started;
    expect(theirs.status).toBe(207);
    expect(await Promise.all(attacks)).toEqual(targets.flatMap(() => [400, 400]));
    // Eight such bodies are received and refused; the other client is not held behind them.
    expect(waited).toBeLessThan(1500);
  });
});
