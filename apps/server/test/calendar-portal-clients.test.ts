import { readFileSync, writeFileSync } from 'node:fs';
import { CalendarApi, type CalendarRange, type CalendarSaveResult } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedClient } from './support/accounts.js';
import { postJson } from './support/calendar-portal.js';
import type { TestClient } from './support/client.js';
import { type DavAccount, davAccount } from './support/dav.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';
import { clientsMissing, skip, Vdirsyncer } from './support/vdirsyncer.js';

const NOW = Date.UTC(2026, 10, 25, 2, 0, 0);

describe.skipIf(skip).each(TEST_DIALECTS)(
  'the portal calendar and real CalDAV clients (vdirsyncer, khal) [%s]',
  (dialect) => {
    let server: TestServer;
    let me: DavAccount;
    let v: Vdirsyncer;
    let client: TestClient;
    beforeAll(async () => {
      if (clientsMissing) throw new Error('vdirsyncer and khal are needed: apt-get install vdirsyncer khal');
      server = await startTestServer(dialect);
      server.clock.advance(NOW - server.clock.now());
      me = await davAccount(server);
      v = new Vdirsyncer(server, me);
      ({ client } = await verifiedClient(server, me.user));
    });
    afterAll(async () => {
      v?.dispose();
      await server?.close();
    });

    it('an event made and moved in the portal is what khal lists after a sync, and a client’s edit shows in the portal', async () => {
      const made = await postJson<CalendarSaveResult>(client, CalendarApi.create, {
        summary: '门户周会',
        location: '三号会议室',
        start: '2026-12-07T10:00',
        end: '2026-12-07T11:00',
        repeat: { freq: 'weekly', weekdays: ['MO'], count: 3 },
      });
      expect(made.code, made.message).toBe(0);
      const uid = made.data?.uid as string;
      // The second Monday moves to the Tuesday afternoon, on its own.
      const moved = await postJson(client, CalendarApi.update, {
        uid,
        version_code: made.data?.version_code,
        recurrence_id: '2026-12-14T10:00:00',
        scope: 'this',
        event: { start: '2026-12-15T15:00', end: '2026-12-15T16:00' },
      });
      expect(moved.code, moved.message).toBe(0);

      const synced = await v.sync();
      expect(synced.ok, synced.output).toBe(true);
      const khal = (await v.khal()).split('\n').filter((l) => l.includes('门户周会'));
      expect(khal).toEqual([
        '2026-12-07 10:00 门户周会',
        '2026-12-15 15:00 门户周会',
        '2026-12-21 10:00 门户周会',
      ]);

      // khal's side changes the title in its vdir file; vdirsyncer sends it back.
      const file = v.fileWith(v.calendar, `UID:${uid}`) as string;
      expect(file).toBeTruthy();
      const local = `${v.calendar}/${file}`;
      writeFileSync(
        local,
        readFileSync(local, 'utf8').replaceAll('SUMMARY:门户周会', 'SUMMARY:门户周会（客户端改）'),
      );
      const back = await v.sync();
      expect(back.ok, back.output).toBe(true);
      const r = await client.get<CalendarRange>(CalendarApi.range, {
        start: '2026-12-07',
        end: '2026-12-28',
      });
      expect(r.code, r.message).toBe(0);
      expect(r.data?.instances.filter((i) => i.uid === uid).map((i) => [i.start, i.summary])).toEqual([
        ['2026-12-07T10:00', '门户周会（客户端改）'],
        ['2026-12-15T15:00', '门户周会（客户端改）'],
        ['2026-12-21T10:00', '门户周会（客户端改）'],
      ]);
    });
  },
);
