import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarService } from '../src/modules/calendar/service.js';
import { RecycleService } from '../src/modules/contacts/history/recycle.js';
import { ContactsService } from '../src/modules/contacts/service.js';
import { phoneEvent } from './support/calendar.js';
import { type DavAccount, dav, davAccount } from './support/dav.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';
import { IOS_SHAPED_CARD, propsOf } from './support/vcard-props.js';
import { clientsMissing, skip, Vdirsyncer } from './support/vdirsyncer.js';

const localCard = (uid: string, name: string) =>
  [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `UID:${uid}`,
    `FN:${name}`,
    `N:${name};;;;`,
    'TEL;TYPE=CELL:13700001111',
    'END:VCARD',
    '',
  ].join('\r\n');

describe.skipIf(skip).each(TEST_DIALECTS)('vdirsyncer, khard and khal against the server [%s]', (dialect) => {
  let server: TestServer;
  let me: DavAccount;
  let v: Vdirsyncer;
  beforeAll(async () => {
    if (clientsMissing)
      throw new Error('vdirsyncer, khard and khal are needed: apt-get install vdirsyncer khard khal');
    server = await startTestServer(dialect);
    me = await davAccount(server);
    v = new Vdirsyncer(server, me);
  });
  afterAll(async () => {
    v?.dispose();
    await server?.close();
  });

  const contacts = () => new ContactsService(server.deps);
  const calendar = () => new CalendarService(server.deps);
  const bookNames = async () => {
    const rows = await contacts().repo.aliveRows(me.user.id);
    return rows
      .map(
        (r) =>
          (JSON.parse(r.doc) as { content: { name: Array<{ display_name: string }> } }).content.name[0]
            ?.display_name,
      )
      .sort();
  };

  it('syncs both ways: created on each side, edited, deleted, and khard and khal read the result', async () => {
    // Made on the server: one in the portal, one event from a phone.
    const portal = await contacts().save(me.user.id, {
      content: {
        name: [{ display_name: '服务器联系人', is_primary: 1 }],
        phone: [{ number: '13800002222', type: 2, is_primary: 1 }],
      },
    });
    await new CalendarService(server.deps).put(me.user.id, phoneEvent('server-evt', '服务器日程'));
    // Made on the client side.
    writeFileSync(path.join(v.contacts, 'local-1.vcf'), localCard('local-1', '本地联系人'));
    writeFileSync(
      path.join(v.calendar, 'local-evt.ics'),
      phoneEvent('local-evt', '本地日程')
        .replace('20261201T090000', '20261202T140000')
        .replace('20261201T100000', '20261202T150000'),
    );

    const first = await v.sync();
    expect(first.ok, first.output).toBe(true);
    expect(await bookNames()).toEqual(['服务器联系人', '本地联系人'].sort());
    expect(v.fileWith(v.contacts, 'FN:服务器联系人')).toBeDefined();
    expect(
      (await dav(server, me, 'GET', `/dav/calendars/${me.user.username}/calendar/local-evt.ics`)).text,
    ).toContain('SUMMARY:本地日程');
    expect(v.fileWith(v.calendar, 'SUMMARY:服务器日程')).toBeDefined();

    const khard = await v.khard();
    expect(khard).toContain('服务器联系人');
    expect(khard).toContain('本地联系人');
    const khal0 = await v.khal();
    expect(khal0).toContain('服务器日程');
    expect(khal0).toContain('本地日程');

    // Edited on the server (the portal) and on the client.
    await contacts().save(me.user.id, {
      server_id: portal.server_id,
      version_code: portal.version_code,
      content: {
        name: [{ display_name: '服务器联系人改', is_primary: 1 }],
        phone: [{ number: '13800002222', type: 2, is_primary: 1 }],
      },
    });
    writeFileSync(path.join(v.contacts, 'local-1.vcf'), localCard('local-1', '本地联系人改'));
    // The events too: the phone's edits the server's, the client edits its own.
    await calendar().put(me.user.id, phoneEvent('server-evt', '服务器日程改'));
    const localEvent = path.join(v.calendar, 'local-evt.ics');
    writeFileSync(
      localEvent,
      readFileSync(localEvent, 'utf8').replace('SUMMARY:本地日程', 'SUMMARY:本地日程改'),
    );
    const second = await v.sync();
    expect(second.ok, second.output).toBe(true);
    expect(v.fileWith(v.contacts, 'FN:服务器联系人改')).toBeDefined();
    expect(await bookNames()).toEqual(['服务器联系人改', '本地联系人改'].sort());
    expect(v.fileWith(v.calendar, 'SUMMARY:服务器日程改')).toBeDefined();
    expect((await calendar().text(me.user.id, 'local-evt')).ical).toContain('SUMMARY:本地日程改');
    const khal = await v.khal();
    expect(khal).toContain('服务器日程改');
    expect(khal).toContain('本地日程改');

    // Deleted on each side: the server's into the portal's recycle bin.
    const serverFile = v.fileWith(v.contacts, 'FN:服务器联系人改') as string;
    unlinkSync(path.join(v.contacts, 'local-1.vcf'));
    const row = await contacts().repo.row(me.user.id, Number(portal.server_id));
    await contacts().remove(me.user.id, new Map([[Number(portal.server_id), Number(row?.version_code)]]));
    // And the events: the server's removed by a phone, the client's own deleted there.
    await calendar().remove(me.user.id, 'server-evt');
    const serverEvent = v.fileWith(v.calendar, 'UID:server-evt') as string;
    unlinkSync(localEvent);
    const third = await v.sync();
    expect(third.ok, third.output).toBe(true);
    expect(existsSync(path.join(v.calendar, serverEvent))).toBe(false);
    expect((await calendar().list(me.user.id)).map((e) => e.uid)).toEqual([]);
    expect(await v.khal()).not.toContain('日程');
    expect(existsSync(path.join(v.contacts, serverFile))).toBe(false);
    expect(await bookNames()).toEqual([]);
    const bin = await new RecycleService(server.deps).list(me.user.id);
    expect(
      Object.values(bin.list)
        .map((c) => c.content.name[0]?.display_name)
        .sort(),
    ).toEqual(['服务器联系人改', '本地联系人改'].sort());
    expect(await v.khard()).not.toContain('本地联系人');
  });

  it('a card with what the portal does not show reaches a second client as the first wrote it', async () => {
    writeFileSync(path.join(v.contacts, 'ios-shaped.vcf'), IOS_SHAPED_CARD);
    const up = await v.sync();
    expect(up.ok, up.output).toBe(true);
    const second = new Vdirsyncer(server, me);
    try {
      const down = await second.sync();
      expect(down.ok, down.output).toBe(true);
      const file = second.fileWith(second.contacts, 'Smith') as string;
      expect(file).toBeDefined();
      const text = readFileSync(path.join(second.contacts, file), 'utf8');
      expect(propsOf(text)).toEqual(propsOf(IOS_SHAPED_CARD));
      // khard reads N's parts: listed by the family name with the given and middle names.
      expect(await second.khard()).toMatch(/Smith/);
    } finally {
      second.dispose();
    }
  });

  it('stops on a conflict, then resolves it as told; nothing is overwritten unseen', async () => {
    writeFileSync(path.join(v.contacts, 'both.vcf'), localCard('both', '两边'));
    expect((await v.sync()).ok).toBe(true);
    const id = (await contacts().repo.aliveRows(me.user.id)).find((r) => r.doc.includes('两边'));
    expect(id).toBeDefined();
    const row = id as NonNullable<typeof id>;
    // Changed on both sides since the last sync.
    await contacts().save(me.user.id, {
      server_id: String(row.id),
      version_code: Number(row.version_code),
      content: {
        name: [{ display_name: '两边-服务器', is_primary: 1 }],
        phone: [{ number: '13700001111', type: 2, is_primary: 1 }],
      },
    });
    const local = v.fileWith(v.contacts, 'UID:both') as string;
    writeFileSync(path.join(v.contacts, local), localCard('both', '两边-本地'));
    const conflict = await v.sync();
    expect(conflict.ok).toBe(false);
    expect(conflict.output.toLowerCase()).toContain('conflict');
    expect(await bookNames()).toContain('两边-服务器');
    expect(readFileSync(path.join(v.contacts, local), 'utf8')).toContain('两边-本地');

    v.configure('a wins');
    const resolved = await v.sync();
    expect(resolved.ok, resolved.output).toBe(true);
    expect(await bookNames()).toContain('两边-本地');
    v.configure(null);
  });
});
