import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { type ExportResult, SMS_EXPORT_KEEP_HOURS, SmsApi } from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_MODULES } from '../src/app.js';
import { purgeExpired } from '../src/housekeeping.js';
import { SmsExportService } from '../src/modules/sms/backup/export.js';
import { importBackupFile } from '../src/modules/sms/backup/import.js';
import { readBackup } from '../src/modules/sms/backup/xml-read.js';
import type { IncomingMessage } from '../src/modules/sms/store.js';
import { deleteUser } from '../src/modules/users/delete-user.js';
import { verifiedClient } from './support/accounts.js';
import { closeServer, person, save } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';
import { give, msg, okPost, smsDetail, smsList } from './support/sms.js';

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function parse(xml: string) {
  const messages: IncomingMessage[] = [];
  const broken: string[] = [];
  const entries = await readBackup(Readable.from([Buffer.from(xml)]), {
    batchSize: 2,
    async onBatch(b) {
      messages.push(...b);
    },
    onBroken: (e) => broken.push(`${e.index}: ${e.reason}`),
  });
  return { entries, messages, broken };
}

describe.each(TEST_DIALECTS)('SMS export and import [%s]', (dialect) => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    dir = mkdtempSync(path.join(tmpdir(), 'sms-files-'));
  });
  afterAll(async () => {
    await closeServer(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it('exports the whole box as SMS Backup & Restore XML that reads back to the same messages', async () => {
    const { client, user } = await verifiedClient(server);
    await save(client, person('王<小>二 & "朋友"', { phone: [{ number: '13800001234', type: 2 }] }));
    const sent = [
      msg('13800001234', '第一行\n第二行 & <标签> "引号" \'单\' 😀', 1),
      msg('13800001234', '收到👌', 2, { type: 2, locked: 1 }),
      msg('10086', '【中国移动】余额10元', 3, { read: 0 }),
      msg('13800001234', '看照片', 4, { pictures: [{ mime: 'image/png', name: 'a.png', bytes: PNG }] }),
    ];
    await give(server, user.id, sent);
    const res = await okPost<ExportResult>(client, SmsApi.export, { sync_version: 0 });
    expect(res.count).toBe(4);
    expect(res.filePath.startsWith(`${SmsApi.exportFile}/`)).toBe(true);

    const download = await client.raw(res.filePath);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename=".*\.xml"; filename\*=UTF-8''/,
    );
    const xml = await download.text();
    expect(xml.startsWith("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>")).toBe(true);
    expect(xml).toMatch(/<smses count="4" /);
    expect(xml).toMatch(
      /<sms protocol="0" address="10086" date="\d+" type="1" subject="null" body="【中国移动】余额10元"[^>]* read="0" /,
    );
    expect(xml).toContain('contact_name="王&lt;小&gt;二 &amp; &quot;朋友&quot;"');
    expect(xml).toMatch(/<mms date="\d+" [^>]*msg_box="1"/);

    const back = await parse(xml);
    expect(back.broken).toEqual([]);
    expect(back.entries).toBe(4);
    const strip = (m: IncomingMessage) => ({
      address: m.address,
      body: m.body,
      date: m.date,
      type: m.type,
      read: m.read,
      locked: m.locked,
      pictures: (m.pictures ?? []).map((p) => Buffer.from(p.bytes).toString('base64')),
    });
    expect(back.messages.map(strip)).toEqual(sent.map((m) => strip({ ...m, pictures: m.pictures ?? [] })));

    // Another account cannot fetch it; it expires.
    const other = await verifiedClient(server);
    expect((await other.client.raw(res.filePath)).status).toBe(404);
    server.clock.advance(SMS_EXPORT_KEEP_HOURS * 3600_000 + 1);
    const id = res.filePath.split('/').at(-2) ?? '';
    expect(await new SmsExportService(server.deps).open(user.id, id)).toBeNull();
    await purgeExpired(server.deps);
    const rows = await server.deps.db
      .selectFrom('sms_files')
      .select('kind')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows.map((r) => r.kind)).toEqual([1]);
  });

  it('imports a backup file: messages and MMS pictures, idempotent, broken entries skipped and reported', async () => {
    const { client, user } = await verifiedClient(server);
    const xml = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
<smses count="8">
  <sms protocol="0" address="+86 138-0013-9999" date="1700000000000" type="1" body="你好 &amp; 再见 &#55357;&#56832;" read="1" locked="0" />
  <sms protocol="0" address="13800139999" date="1700000001000" type="2" body="Hi" read="1" locked="1" />
  <sms protocol="0" address="10086" date="not-a-date" type="1" body="broken date" />
  <sms protocol="0" address="10086" date="1700000002000" type="1" body="a & b" />
  <sms protocol="0" date="1700000003000" type="1" body="no address" />
  <sms protocol="0" address="10010" date="1700000003500" type="1" body="control &#1; character" />
  <mms date="1700000004000" msg_box="1" address="13800139999" read="1" locked="0">
    <parts>
      <part seq="-1" ct="application/smil" text="&lt;smil/&gt;" />
      <part seq="0" ct="image/png" cl="p.png" data="${PNG.toString('base64')}" />
      <part seq="1" ct="text/plain" text="照片" />
    </parts>
    <addrs><addr address="13800139999" type="137" charset="106" /></addrs>
  </mms>
  <sms protocol="0" address="95588" date="1700000005000" type="1" body="【工商银行】ok" read="0" locked="0" />
</smses>`;
    const file = path.join(dir, 'backup.xml');
    writeFileSync(file, xml);
    const first = await importBackupFile(server.deps, user.id, file);
    expect(first.entries).toBe(8);
    expect(first.added).toBe(5);
    expect(first.broken.map((b) => b.index)).toEqual([3, 5, 6]);
    expect(first.broken[0]?.reason).toContain('bad date');

    const before = await smsList(client);
    const again = await importBackupFile(server.deps, user.id, file);
    expect(again.added).toBe(0);
    // Nothing changed, so the box keeps its sync_version (no browser reloads for nothing).
    expect((await smsList(client)).sync_version).toBe(before.sync_version);
    expect(again.known).toBe(5);

    const data = await smsList(client);
    expect(data.collection_list.map((c) => [c.format_address, c.count])).toEqual([
      ['95588', 1],
      ['13800139999', 3],
      ['10086', 1],
    ]);
    expect(data.favourite_list.map((c) => c.format_address)).toEqual(['13800139999']);
    const detail = await smsDetail(client, { format_address: '13800139999' });
    expect(detail.sms_list.map((m) => m.content.body)).toEqual(['你好 & 再见 😀', 'Hi', '照片']);
    // A bare '&' (not XML, but some writers leave it) is read as the character.
    expect((await smsDetail(client, { format_address: '10086' })).sms_list[0]?.content.body).toBe('a & b');
    const picture = detail.sms_list[2]?.content.attachments?.[0] ?? '';
    const res = await client.raw(picture);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    const other = await verifiedClient(server);
    expect((await other.client.raw(picture)).status).toBe(404);

    // Deleting the conversation releases the picture (no other message shows it).
    await okPost(client, SmsApi.delete, { sync_version: data.sync_version, format_address: '13800139999' });
    const pictures = await server.deps.db
      .selectFrom('sms_files')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(pictures).toEqual([]);
    expect((await client.raw(picture)).status).toBe(404);
  });

  it('a text-only copy of an MMS (a phone that wrote it back as <sms>) matches the MMS instead of being added', async () => {
    const { client, user } = await verifiedClient(server);
    const mms = (date: string) => `<mms date="${date}" msg_box="2" address="13800137777" read="1" locked="0">
    <parts>
      <part seq="0" ct="image/png" cl="p.png" data="${PNG.toString('base64')}" />
      <part seq="1" ct="text/plain" text="看看这张" />
    </parts>
  </mms>`;
    const copy = (body: string) =>
      `<sms protocol="0" address="+86 138 0013 7777" date="1700000100000" type="2" body="${body}" read="1" locked="0" />`;
    // The MMS's date in seconds, as some versions of the app write it; its copy in ms.
    writeFileSync(path.join(dir, 'mms.xml'), `<smses count="1">${mms('1700000100')}</smses>`);
    expect((await importBackupFile(server.deps, user.id, path.join(dir, 'mms.xml'))).added).toBe(1);
    writeFileSync(
      path.join(dir, 'copy.xml'),
      `<smses count="2">${copy('看看这张')}${copy('另一条')}</smses>`,
    );
    expect((await importBackupFile(server.deps, user.id, path.join(dir, 'copy.xml'))).added).toBe(1);
    // Both in one file: the MMS is added, its copy is not.
    const other = await verifiedClient(server);
    writeFileSync(
      path.join(dir, 'both.xml'),
      `<smses count="2">${copy('看看这张')}${mms('1700000100000')}</smses>`,
    );
    expect((await importBackupFile(server.deps, other.user.id, path.join(dir, 'both.xml'))).added).toBe(1);

    const detail = await smsDetail(client, { format_address: '13800137777' });
    expect(detail.sms_list.map((m) => [m.content.body, m.content.attachments?.length ?? 0])).toEqual([
      ['看看这张', 1],
      ['另一条', 0],
    ]);
    const otherDetail = await smsDetail(other.client, { format_address: '13800137777' });
    expect(otherDetail.sms_list.map((m) => m.content.attachments?.length ?? 0)).toEqual([1]);

    // The copy first, the MMS later: the MMS fills its copy in, pictures and all.
    const third = await verifiedClient(server);
    expect((await importBackupFile(server.deps, third.user.id, path.join(dir, 'copy.xml'))).added).toBe(2);
    expect((await importBackupFile(server.deps, third.user.id, path.join(dir, 'mms.xml'))).added).toBe(1);
    const thirdDetail = await smsDetail(third.client, { format_address: '13800137777' });
    expect(thirdDetail.sms_list.map((m) => [m.content.body, m.content.attachments?.length ?? 0])).toEqual([
      ['看看这张', 1],
      ['另一条', 0],
    ]);
    // Both files again add nothing.
    for (const file of ['copy.xml', 'mms.xml'])
      expect((await importBackupFile(server.deps, third.user.id, path.join(dir, file))).added).toBe(0);
  });

  it('deleting the account removes the box and lets go of its pictures and exports', async () => {
    const { client, user } = await verifiedClient(server);
    const picture = Buffer.concat([PNG, Buffer.from('account-delete')]);
    await give(server, user.id, [
      msg('13800000009', 'pic', 1, { pictures: [{ mime: 'image/png', name: 'p.png', bytes: picture }] }),
    ]);
    await okPost(client, SmsApi.export, { sync_version: 0 });
    const keys = (
      await server.deps.db.selectFrom('sms_files').select('blob_key').where('user_id', '=', user.id).execute()
    ).map((r) => r.blob_key);
    expect(keys).toHaveLength(2);
    expect(await deleteUser(server.deps, AREA_MODULES, user.id)).toBe(true);
    for (const table of [
      'sms_boxes',
      'sms_messages',
      'sms_conversations',
      'sms_changes',
      'sms_files',
    ] as const) {
      const left = await server.deps.db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', user.id)
        .execute();
      expect(left, table).toEqual([]);
    }
    const blobs = await server.deps.db
      .selectFrom('drive_blobs')
      .select('ref_count')
      .where('key', 'in', keys)
      .execute();
    expect(blobs.map((b) => Number(b.ref_count))).toEqual([0, 0]);
  });

  it('a file that is not a backup is refused with a clear error', async () => {
    const { user } = await verifiedClient(server);
    const file = path.join(dir, 'junk.xml');
    writeFileSync(file, 'this is not xml at all');
    await expect(importBackupFile(server.deps, user.id, file)).rejects.toThrow(/not an SMS backup file/);
  });
});
