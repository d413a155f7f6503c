import {
  CALENDAR_BIN_KEEP_DAYS,
  CalendarApi,
  type CalendarBin,
  type CalendarBinRecovered,
  CalendarMsg,
  Code,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/housekeeping.js';
import { CalendarService } from '../src/modules/calendar/service.js';
import { createUser, login, verifiedClient } from './support/accounts.js';
import { phoneEvent } from './support/calendar.js';
import type { TestClient } from './support/client.js';
import { dav, davAccount } from './support/dav.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

const DAY = 24 * 60 * 60_000;

describe.each(TEST_DIALECTS)('calendar recycle bin [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const binOf = async (client: TestClient) => {
    const res = await client.get<CalendarBin>(CalendarApi.binList);
    expect(res.code, res.message).toBe(0);
    return res.data as CalendarBin;
  };

  it('what a CalDAV client deletes goes to the bin, comes back to the client when recovered, and can be deleted for good', async () => {
    const me = await davAccount(server);
    const cal = `/dav/calendars/${me.user.username}/calendar/`;
    const put = (name: string, uid: string, summary: string) =>
      dav(server, me, 'PUT', `${cal}${name}`, {
        body: phoneEvent(uid, summary),
        headers: { 'content-type': 'text/calendar; charset=utf-8' },
      });
    for (const [name, uid, summary] of [
      ['bin-a.ics', 'bin-a', '周会'],
      ['bin-b.ics', 'bin-b', '体检'],
      ['bin-c.ics', 'bin-c', '生日聚会'],
    ] as const)
      expect((await put(name, uid, summary)).status).toBe(201);
    const original = (await dav(server, me, 'GET', `${cal}bin-a.ics`)).text;
    expect((await dav(server, me, 'DELETE', `${cal}bin-a.ics`)).status).toBe(204);
    server.clock.advance(1000);
    expect((await dav(server, me, 'DELETE', `${cal}bin-b.ics`)).status).toBe(204);

    const { client } = await verifiedClient(server, me.user);
    const bin = await binOf(client);
    expect(bin.list.map((e) => [e.uid, e.summary])).toEqual([
      ['bin-b', '体检'],
      ['bin-a', '周会'],
    ]);
    expect(bin.list[0]?.delete_time).toBe(server.clock.now());

    // Recovered: in the calendar again, with the text it had, under a new version.
    const recovered = await client.post<CalendarBinRecovered>(CalendarApi.binRecover, {
      uids: JSON.stringify(['bin-a']),
    });
    expect(recovered.code, recovered.message).toBe(0);
    expect(recovered.data).toMatchObject({ recovered: 1, kept: [] });
    const events = await new CalendarService(server.deps).list(me.user.id);
    expect(events.map((e) => e.uid).sort()).toEqual(['bin-a', 'bin-c']);
    const listing = await dav(server, me, 'PROPFIND', cal, { headers: { depth: '1' } });
    const href = /<[^>]*href>([^<]*)<\/[^>]*href>/g;
    const hrefs = [...listing.text.matchAll(href)].map((m) => m[1]);
    const back =
      hrefs.find((h) => h !== cal && h?.includes('bin-a')) ?? hrefs.find((h) => h?.endsWith('a.ics'));
    expect(back).toBeTruthy();
    expect((await dav(server, me, 'GET', back as string)).text).toBe(original);
    expect((await binOf(client)).list.map((e) => e.uid)).toEqual(['bin-b']);

    // The calendar has the UID again: its bin entry stays there.
    expect((await put('bin-b.ics', 'bin-b', '体检（新）')).status).toBe(201);
    const kept = await client.post<CalendarBinRecovered>(CalendarApi.binRecover, {
      uids: JSON.stringify(['bin-b']),
    });
    expect(kept.data).toMatchObject({ recovered: 0, kept: ['bin-b'] });
    expect((await binOf(client)).list.map((e) => e.uid)).toEqual(['bin-b']);

    // For good: gone from the bin, and a recover finds nothing.
    const gone = await client.post<{ deleted: number }>(CalendarApi.binDelete, {
      uids: JSON.stringify(['bin-b']),
    });
    expect(gone.data).toEqual({ deleted: 1 });
    expect((await binOf(client)).list).toEqual([]);
    expect(
      (await client.post(CalendarApi.binRecover, { uids: JSON.stringify(['bin-b']) })).data,
    ).toMatchObject({
      recovered: 0,
    });
    // An empty selection is refused with the area's text.
    const empty = await client.post(CalendarApi.binRecover, { uids: JSON.stringify([]) });
    expect(empty.code).toBe(Code.INVALID);
    expect(empty.message).toBe(CalendarMsg.BIN_BAD_REQUEST);
  });

  it('empties, keeps an entry 30 days, counts it in the space used, and holds only its owner', async () => {
    const user = await createUser(server);
    const calendar = new CalendarService(server.deps);
    for (const uid of ['k1', 'k2', 'k3']) await calendar.put(user.id, phoneEvent(uid, `事件${uid}`));
    const before = await calendar.usageBytes(user.id);
    for (const uid of ['k1', 'k2', 'k3']) await calendar.remove(user.id, uid);
    expect(await calendar.usageBytes(user.id)).toBe(before);
    const { client } = await verifiedClient(server, user);
    expect((await binOf(client)).list).toHaveLength(3);

    // Another account sees none of it and recovers or deletes nothing of it.
    const other = await verifiedClient(server);
    expect((await binOf(other.client)).list).toEqual([]);
    const foreign = await other.client.post(CalendarApi.binRecover, { uids: JSON.stringify(['k1']) });
    expect(foreign.code, foreign.message).toBe(0);
    expect(foreign.data).toMatchObject({ recovered: 0 });
    expect((await other.client.post(CalendarApi.binDelete, { uids: JSON.stringify(['k1']) })).data).toEqual({
      deleted: 0,
    });
    expect((await other.client.post(CalendarApi.binEmpty, {})).data).toEqual({ deleted: 0 });
    expect((await binOf(client)).list).toHaveLength(3);

    // Housekeeping lets an entry go after CALENDAR_BIN_KEEP_DAYS, not before.
    await calendar.remove(user.id, (await calendar.put(user.id, phoneEvent('k4', '后删的'))).uid);
    server.clock.advance((CALENDAR_BIN_KEEP_DAYS - 1) * DAY);
    await purgeExpired(server.deps);
    // The session's verification lapses over the days: signed in and verified again to look.
    expect((await binOf((await verifiedClient(server, user)).client)).list).toHaveLength(4);
    server.clock.advance(DAY + 1);
    await purgeExpired(server.deps);
    const again = await verifiedClient(server, user);
    expect((await binOf(again.client)).list.map((e) => e.uid)).toEqual([]);

    await calendar.remove(user.id, (await calendar.put(user.id, phoneEvent('k5', '再删的'))).uid);
    expect((await again.client.post(CalendarApi.binEmpty, {})).data).toEqual({ deleted: 1 });
    expect(await calendar.usageBytes(user.id)).toBe(0);
  });

  it('answers 6001 without the second verification, 2002 without a session', async () => {
    const user = await createUser(server);
    const client = server.client();
    await login(client, user.username, user.password);
    expect((await client.get(CalendarApi.binList)).code).toBe(Code.VERIFY_REQUIRED);
    expect((await client.post(CalendarApi.binEmpty, {})).code).toBe(Code.VERIFY_REQUIRED);
    expect((await server.client().get(CalendarApi.binList)).code).toBe(Code.NOT_LOGGED_IN);
  });
});
