import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarService } from '../src/modules/calendar/service.js';
import { phoneEvent } from './support/calendar.js';
import { closeServer } from './support/contacts.js';
import {
  type DavAccount,
  dav,
  davAccount,
  PROPFIND_ETAGS,
  responsesOf,
  syncBody,
  tokenOf,
} from './support/dav.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

const CALDAV = 'xmlns:C="urn:ietf:params:xml:ns:caldav"';
const ICS = { 'content-type': 'text/calendar; charset=utf-8' };

describe.each(TEST_DIALECTS)('CalDAV keeps the name a client PUT an event under [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => closeServer(server));

  const calOf = (a: DavAccount) => `/dav/calendars/${a.user.username}/calendar/`;
  /** The path of a name in a's calendar, percent-encoded as a client sends it. */
  const at = (a: DavAccount, name: string) => `${calOf(a)}${encodeURIComponent(name)}`;
  const put = (a: DavAccount, name: string, body: string, headers: Record<string, string> = {}) =>
    dav(server, a, 'PUT', at(a, name), { body, headers: { ...ICS, ...headers } });
  /** The listing's names (hrefs decoded to the last segment). */
  const listed = async (a: DavAccount) => {
    const res = await dav(server, a, 'PROPFIND', calOf(a), { body: PROPFIND_ETAGS, headers: { depth: '1' } });
    expect(res.status).toBe(207);
    return responsesOf(res.text)
      .map((r) => r.href)
      .filter((h) => h !== calOf(a))
      .map((h) => decodeURIComponent(h.slice(calOf(a).length)))
      .sort();
  };
  const sync = async (a: DavAccount, token: string) => {
    const res = await dav(server, a, 'REPORT', calOf(a), { body: syncBody(token) });
    expect(res.status).toBe(207);
    return { token: tokenOf(res.text), items: responsesOf(res.text) };
  };

  it('answers GET, PROPFIND, multiget, sync-collection and DELETE under the name, not the UID', async () => {
    const me = await davAccount(server);
    const start = (await sync(me, '')).token;
    const created = await put(me, 'abc-123.ics', phoneEvent('xyz@example.com', '客户端命名'));
    expect(created.status).toBe(201);

    const got = await dav(server, me, 'GET', at(me, 'abc-123.ics'));
    expect(got.status).toBe(200);
    expect(got.text).toContain('SUMMARY:客户端命名');
    expect(got.headers.get('etag')).toBe(created.headers.get('etag'));
    expect((await dav(server, me, 'GET', at(me, 'xyz@example.com.ics'))).status).toBe(404);
    expect(await listed(me)).toEqual(['abc-123.ics']);

    const multiget = await dav(server, me, 'REPORT', calOf(me), {
      headers: { depth: '1' },
      body: `<C:calendar-multiget xmlns="DAV:" ${CALDAV}><prop><getetag/><C:calendar-data/></prop><href>${at(me, 'abc-123.ics')}</href><href>${at(me, 'xyz@example.com.ics')}</href></C:calendar-multiget>`,
    });
    expect(responsesOf(multiget.text).map((r) => [r.href, r.status])).toEqual([
      [at(me, 'abc-123.ics'), '200'],
      [at(me, 'xyz@example.com.ics'), '404'],
    ]);
    const changed = await sync(me, start);
    expect(changed.items.map((r) => r.href)).toEqual([at(me, 'abc-123.ics')]);

    // One object per UID: the same UID under a second name is refused, as before.
    const twin = await put(me, 'another-name.ics', phoneEvent('xyz@example.com', '重复'));
    expect(twin.status).toBe(409);
    expect(twin.text).toContain('no-uid-conflict');
    expect((await put(me, 'xyz@example.com.ics', phoneEvent('xyz@example.com', '重复'))).status).toBe(409);
    // An edit under the name, with the tag it had.
    const edited = await put(me, 'abc-123.ics', phoneEvent('xyz@example.com', '改过'), {
      'if-match': created.headers.get('etag') as string,
    });
    expect(edited.status).toBe(204);
    expect((await dav(server, me, 'GET', at(me, 'abc-123.ics'))).text).toContain('SUMMARY:改过');
    // Another UID under the name is a change of the event's UID (403).
    expect((await put(me, 'abc-123.ics', phoneEvent('other@example.com', '换 UID'))).status).toBe(403);

    expect((await dav(server, me, 'DELETE', at(me, 'xyz@example.com.ics'))).status).toBe(404);
    expect((await dav(server, me, 'DELETE', at(me, 'abc-123.ics'))).status).toBe(204);
    expect((await dav(server, me, 'GET', at(me, 'abc-123.ics'))).status).toBe(404);
    const gone = await sync(me, changed.token);
    expect(gone.items.map((r) => [r.href, r.status])).toEqual([[at(me, 'abc-123.ics'), '404']]);
    // From before it existed, an event made and deleted since is no news.
    expect((await sync(me, start)).items.map((r) => [r.href, r.status])).toEqual([
      [at(me, 'abc-123.ics'), '404'],
    ]);
  });

  it('round-trips a name that needs percent-encoding', async () => {
    const me = await davAccount(server);
    const name = '家庭 日程#1 (周末)+100%&a=b;c@d.ics';
    expect((await put(me, name, phoneEvent('encoded@example.com', '编码名'))).status).toBe(201);
    expect(await listed(me)).toEqual([name]);
    const got = await dav(server, me, 'GET', at(me, name));
    expect(got.status).toBe(200);
    expect(got.text).toContain('SUMMARY:编码名');
    const res = await dav(server, me, 'PROPFIND', calOf(me), {
      body: PROPFIND_ETAGS,
      headers: { depth: '1' },
    });
    const href = responsesOf(res.text).find((r) => r.href !== calOf(me))?.href ?? '';
    // The href the listing gives is one a client can ask for as it is.
    expect((await dav(server, me, 'GET', href)).text).toBe(got.text);
    expect((await dav(server, me, 'DELETE', href)).status).toBe(204);
    expect(await listed(me)).toEqual([]);
  });

  it('names events made elsewhere <uid>.ics, and never two events alike', async () => {
    const me = await davAccount(server);
    const calendar = new CalendarService(server.deps);
    await calendar.put(me.user.id, phoneEvent('phone-1', '手机日程'));
    // A client names its event as the phone's next event's UID will be.
    expect((await put(me, 'phone-2.ics', phoneEvent('client-9', '客户端'))).status).toBe(201);
    const second = await calendar.put(me.user.id, phoneEvent('phone-2', '手机第二个'));
    expect(await listed(me)).toEqual(
      ['phone-1.ics', 'phone-2.ics', `phone-2-${second.server_id}.ics`].sort(),
    );
    expect((await dav(server, me, 'GET', at(me, 'phone-1.ics'))).text).toContain('SUMMARY:手机日程');
    expect((await dav(server, me, 'GET', at(me, 'phone-2.ics'))).text).toContain('SUMMARY:客户端');
    expect((await dav(server, me, 'GET', at(me, `phone-2-${second.server_id}.ics`))).text).toContain(
      'SUMMARY:手机第二个',
    );
    // A client's PUT to <uid>.ics of an event of that UID is an edit: it keeps its name.
    expect((await put(me, 'phone-1.ics', phoneEvent('phone-1', '客户端改'))).status).toBe(204);
    expect(await listed(me)).toContain('phone-1.ics');
  });

  it('a deletion by the phone sync or the portal is gone under the name; a recovery brings the name back', async () => {
    const me = await davAccount(server);
    const calendar = new CalendarService(server.deps);
    expect((await put(me, 'DAVx5-0042.ics', phoneEvent('deleted-elsewhere', '别处删除'))).status).toBe(201);
    const before = (await sync(me, '')).token;
    // What the phone sync and the portal delete through: the store's remove, by UID.
    await calendar.remove(me.user.id, 'deleted-elsewhere');
    const gone = await sync(me, before);
    expect(gone.items.map((r) => [r.href, r.status])).toEqual([[at(me, 'DAVx5-0042.ics'), '404']]);
    // The phone's pull names it by its UID, as ever.
    expect((await calendar.changesSince(me.user.id, Number(before.split(':').pop()))).del).toEqual([
      'deleted-elsewhere',
    ]);

    expect(await calendar.recover(me.user.id, ['deleted-elsewhere'])).toMatchObject({ recovered: 1 });
    const back = await sync(me, gone.token);
    expect(back.items.map((r) => [r.href, r.status])).toEqual([[at(me, 'DAVx5-0042.ics'), '200']]);
    expect((await dav(server, me, 'GET', at(me, 'DAVx5-0042.ics'))).text).toContain('SUMMARY:别处删除');

    // Deleted again, and its name taken by another event meanwhile: it comes back as <uid>.ics.
    await calendar.remove(me.user.id, 'deleted-elsewhere');
    expect((await put(me, 'DAVx5-0042.ics', phoneEvent('newcomer', '新来的'))).status).toBe(201);
    await calendar.recover(me.user.id, ['deleted-elsewhere']);
    expect(await listed(me)).toEqual(['DAVx5-0042.ics', 'deleted-elsewhere.ics']);

    // A phone's event deleted, and its <uid>.ics taken by a client's event meanwhile: it comes
    // back under a name of its own, never a second event under one name.
    await calendar.put(me.user.id, phoneEvent('from-phone', '手机的'));
    await calendar.remove(me.user.id, 'from-phone');
    expect((await put(me, 'from-phone.ics', phoneEvent('client-own', '客户端的'))).status).toBe(201);
    await calendar.recover(me.user.id, ['from-phone']);
    const names = await listed(me);
    const recoveredName = names.find((n) => /^from-phone-\d+\.ics$/.test(n)) as string;
    expect(names).toEqual(
      ['DAVx5-0042.ics', 'deleted-elsewhere.ics', 'from-phone.ics', recoveredName].sort(),
    );
    expect((await dav(server, me, 'GET', at(me, recoveredName))).text).toContain('SUMMARY:手机的');
    expect((await dav(server, me, 'GET', at(me, 'from-phone.ics'))).text).toContain('SUMMARY:客户端的');
  });

  it("names are each user's own: another account's are refused, and the same name names its own event", async () => {
    const me = await davAccount(server);
    const other = await davAccount(server);
    expect((await put(me, 'shared-name.ics', phoneEvent('mine@example.com', '我的'))).status).toBe(201);
    // Through my calendar's URL, with the other account's password: refused, nothing changed.
    for (const method of ['GET', 'DELETE', 'PROPFIND']) {
      expect((await dav(server, other, method, at(me, 'shared-name.ics'))).status).toBe(404);
    }
    expect(
      (
        await dav(server, other, 'PUT', at(me, 'shared-name.ics'), {
          body: phoneEvent('mine@example.com', '别人改'),
          headers: ICS,
        })
      ).status,
    ).toBe(404);
    // The same name in the other account's own calendar is another resource.
    expect((await put(other, 'shared-name.ics', phoneEvent('theirs@example.com', '别人的'))).status).toBe(
      201,
    );
    expect((await dav(server, other, 'GET', at(other, 'shared-name.ics'))).text).toContain('SUMMARY:别人的');
    expect((await dav(server, me, 'GET', at(me, 'shared-name.ics'))).text).toContain('SUMMARY:我的');
    expect(await listed(other)).toEqual(['shared-name.ics']);
    // And the same UID too: UIDs are each user's own as well.
    expect((await put(other, 'their-copy.ics', phoneEvent('mine@example.com', '同 UID'))).status).toBe(201);
  });
});

// Debian's interpreter: the one python3-caldav installs for (a pyenv or venv python may not see it).
const PYTHON = '/usr/bin/python3';
const clientMissing = spawnSync(PYTHON, ['-c', 'import caldav']).status !== 0;

describe.skipIf(clientMissing && !process.env.CI)('python-caldav keeps its own names', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => closeServer(server));

  it('saves, lists, reads, syncs and deletes an event under the name it chose', async () => {
    const me = await davAccount(server);
    const name = 'py chosen 名字.ics';
    // Asynchronously: the server answering the client runs in this process.
    const run = await promisify(execFile)(
      PYTHON,
      [
        path.join(path.dirname(fileURLToPath(import.meta.url)), 'support', 'caldav_names.py'),
        `${server.baseUrl}/dav/`,
        me.user.username,
        me.password,
        name,
        phoneEvent('py-uid@example.com', 'python-caldav'),
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    const seen = JSON.parse(run.stdout) as {
      target: string;
      listed: string[];
      read: string;
      updated: string[];
      deleted: string[];
    };
    expect(decodeURIComponent(new URL(seen.target).pathname)).toBe(
      `/dav/calendars/${me.user.username}/calendar/${name}`,
    );
    expect(seen.listed).toEqual([seen.target]);
    expect(seen.read).toContain('SUMMARY:python-caldav');
    expect(seen.updated).toEqual([seen.target]);
    expect(seen.deleted).toEqual([seen.target]);
  });
});

const VDIRSYNCER = '/usr/bin/vdirsyncer';

describe.skipIf(!existsSync(VDIRSYNCER) && !process.env.CI)(
  'vdirsyncer and a UID it will not name by',
  () => {
    let server: TestServer;
    let dir: string;
    beforeAll(async () => {
      server = await startTestServer('sqlite');
      dir = mkdtempSync(path.join(tmpdir(), 'pc-vdir-names-'));
    });
    afterAll(async () => {
      rmSync(dir, { recursive: true, force: true });
      await closeServer(server);
    });

    it('uploads under a name of its own, then syncs and deletes the event there', async () => {
      const me = await davAccount(server);
      const local = path.join(dir, 'calendar');
      mkdirSync(local);
      const config = path.join(dir, 'config');
      writeFileSync(
        config,
        `[general]\nstatus_path = "${path.join(dir, 'status')}/"\n\n` +
          `[pair calendar]\na = "local"\nb = "remote"\ncollections = null\n\n` +
          `[storage local]\ntype = "filesystem"\npath = "${local}/"\nfileext = ".ics"\n\n` +
          `[storage remote]\ntype = "caldav"\nurl = "${server.baseUrl}/dav/calendars/${me.user.username}/calendar/"\n` +
          `username = "${me.user.username}"\npassword = "${me.password}"\n`,
      );
      const env = { ...process.env, HOME: dir, XDG_CONFIG_HOME: dir, XDG_DATA_HOME: dir, LANG: 'C.UTF-8' };
      const sync = async () => {
        await promisify(execFile)(VDIRSYNCER, ['-c', config, 'discover'], { env });
        return promisify(execFile)(VDIRSYNCER, ['-c', config, 'sync'], { env });
      };
      // vdirsyncer names an upload by its UID only when the UID is letters, digits and "_.-+";
      // for any other (an "@" here) it PUTs to a random UUID of its own.
      writeFileSync(path.join(local, 'meeting.ics'), phoneEvent('vdir-1@example.com', 'vdirsyncer 的日程'));
      writeFileSync(path.join(local, 'plain.ics'), phoneEvent('vdir-2', '普通 UID'));
      await sync();
      const calendar = `/dav/calendars/${me.user.username}/calendar/`;
      const listing = await dav(server, me, 'PROPFIND', calendar, {
        body: PROPFIND_ETAGS,
        headers: { depth: '1' },
      });
      const hrefs = responsesOf(listing.text)
        .map((r) => r.href)
        .filter((h) => h !== calendar && h !== `${calendar}vdir-2.ics`);
      expect(hrefs).toHaveLength(1);
      expect(hrefs[0]).toMatch(/\/[0-9a-f-]{36}\.ics$/);
      expect((await dav(server, me, 'GET', hrefs[0] as string)).text).toContain('SUMMARY:vdirsyncer 的日程');

      // A second sync finds nothing to do: the name it PUT is the name listed.
      const again = await sync();
      expect(`${again.stdout}${again.stderr}`).not.toMatch(/Copying|Deleting|Updating/);
      expect(readdirSync(local).sort()).toEqual(['meeting.ics', 'plain.ics']);

      rmSync(path.join(local, 'meeting.ics'));
      await sync();
      expect((await dav(server, me, 'GET', hrefs[0] as string)).status).toBe(404);
      expect((await new CalendarService(server.deps).list(me.user.id)).map((e) => e.uid)).toEqual(['vdir-2']);
    });
  },
);
