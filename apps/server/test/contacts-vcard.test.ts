import { randomBytes } from 'node:crypto';
import {
  type AvatarUploadResult,
  Code,
  type Contact,
  ContactMsg,
  type ExportResult,
  ImportText,
} from '@phonecloud/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedClient } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { book, closeServer, importFiles, person, save } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

async function png(width: number, height: number, colour = '#3366cc') {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}
async function upload(client: TestClient, file: string) {
  return client.post<AvatarUploadResult>('/contact/attachment/upload.do', {
    filename: 'me.png',
    fid: 'head_photo',
    file,
  });
}
async function download(client: TestClient, path: string) {
  const res = await client.raw(path);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

const ANDROID_FILE = [
  'BEGIN:VCARD',
  'VERSION:2.1',
  'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E6=9D=8E;=E5=B0=8F=E9=BE=99;;;',
  'FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E6=9D=8E=E5=B0=8F=E9=BE=99',
  'TEL;CELL:139-1234-5678',
  'TEL;WORK:010 6543 2100',
  'EMAIL;HOME:xiaolong@example.com',
  'ADR;WORK;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:;;=E4=B8=AD=E5=85=B3=E6=9D=91=E5=A4=A7=E8=A1=97=31=E5=8F=B7;=E5=8C=97=E4=BA=AC;;;',
  'NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E7=AC=AC=E4=B8=80=E8=A1=8C=0D=0A=E7=AC=AC=E4=BA=8C=E8=A1=8C=E5=BE=88=E9=95=BF=E5=BE=88=E9=95=BF=',
  '=E5=BE=88=E9=95=BF',
  'BDAY:1940-11-27',
  'X-ANDROID-CUSTOM;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:vnd.android.cursor.item/nickname;=E5=B0=8F=E9=BE=99;1;;;;;;;;;;;;;',
  'CATEGORIES;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E5=8A=9F=E5=A4=AB',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:2.1',
  'N:Lee;Bruce;;;',
  'FN:Bruce Lee',
  'TEL;HOME;VOICE:+1 206 555 0100',
  'END:VCARD',
  '',
].join('\r\n');

describe.each(TEST_DIALECTS)('contacts: avatars, vCard export and import [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => closeServer(server));

  it('takes a real image as the avatar, re-encodes it, serves it to its owner only', async () => {
    const { client } = await verifiedClient(server);
    const bad = await upload(client, Buffer.from('not an image at all').toString('base64'));
    expect(bad).toMatchObject({ code: Code.INVALID, message: ContactMsg.AVATAR_BAD });
    expect((await upload(client, '%%%')).message).toBe(ContactMsg.AVATAR_BAD);
    const small = await upload(client, (await png(20, 20)).toString('base64'));
    expect(small).toMatchObject({ code: Code.INVALID, message: ContactMsg.AVATAR_TOO_SMALL });

    const big = await png(1200, 900);
    const ok = await upload(client, `data:image/png;base64,${big.toString('base64')}`);
    expect(ok.code, ok.message).toBe(0);
    const path = ok.data?.cloud_path ?? '';
    expect(path).toMatch(/^\/contact\/attachment\/file\/[0-9a-f]{64}$/);
    const { res, bytes } = await download(client, path);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 480, 360]);

    // A phone photo of a few MB passes (the form's body limit is raised for this call only)...
    const noise = randomBytes(900 * 900 * 3);
    const photo = await sharp(noise, { raw: { width: 900, height: 900, channels: 3 } })
      .png()
      .toBuffer();
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    expect((await upload(client, photo.toString('base64'))).code).toBe(0);
    // ...and more than 5 MB does not.
    expect(await upload(client, Buffer.alloc(6 * 1024 * 1024, 1).toString('base64'))).toMatchObject({
      code: Code.INVALID,
      message: ContactMsg.AVATAR_BAD,
    });

    const saved = await save(client, person('有头像'), {
      attachment: [{ fid: 'head_photo', cloud_path: path }],
    });
    expect(saved.contact.attachment).toEqual([{ fid: 'head_photo', cloud_path: path }]);

    const other = await verifiedClient(server);
    expect((await other.client.raw(path)).status).toBe(404);
    // Nor can another user attach it to a contact of theirs.
    const stolen = await other.client.post('/contact/save.do', {
      data: JSON.stringify({
        content: person('盗用'),
        attachment: [{ fid: 'head_photo', cloud_path: path }],
      }),
    });
    expect(stolen).toMatchObject({ code: Code.INVALID, message: ContactMsg.AVATAR_MISSING });
  });

  it('exports nothing from an empty book (1012), and a gated, same-origin file otherwise', async () => {
    const { client } = await verifiedClient(server);
    expect(await client.post('/contact/export.do', { sync_version: 0 })).toMatchObject({
      code: Code.NOTHING_TO_EXPORT,
      message: ContactMsg.EXPORT_EMPTY,
    });
    await save(client, person('导出人', { phone: [{ number: '10086' }] }));
    const exported = await client.post<ExportResult>('/contact/export.do', { sync_version: 0 });
    expect(exported.code).toBe(0);
    const filePath = exported.data?.filePath ?? '';
    expect(filePath.startsWith('/contact/export/file/')).toBe(true);
    const { res, bytes } = await download(client, filePath);
    expect(res.headers.get('content-type')).toContain('text/vcard');
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''%E9%80%9A%E8%AE%AF%E5%BD%95_");
    const text = bytes.toString('utf8');
    expect(text.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    expect(text).toContain('FN:导出人');
    expect((await server.client().raw(filePath)).status).toBe(200);
    expect(((await (await server.client().raw(filePath)).json()) as { code: number }).code).toBe(
      Code.NOT_LOGGED_IN,
    );
    const other = await verifiedClient(server);
    expect((await other.client.raw(filePath)).status).toBe(404);
  });

  it('round-trips the book: export, then import into an empty account gives the same book', async () => {
    const { client } = await verifiedClient(server);
    const avatar =
      (await upload(client, (await png(300, 200, '#cc3300')).toString('base64'))).data?.cloud_path ?? '';
    await client.post('/contact/group/add.do', { group_name: '家人' });
    await save(
      client,
      {
        name: [{ display_name: '欧阳修', given_name: '修', phonetic_family_name: 'ouyang' }],
        organization: [{ company: '翰林院, 北宋', title: '学士', type: 1, is_primary: 1 }],
        phone: [
          { number: '+86 138-0013-8000', type: 2, is_primary: 1 },
          { number: '010-1234', type: 1 },
          { number: '(0755) 1234*#', type: 0 },
          { number: '123', type: 4 },
          { number: '456', type: 7 },
          { number: '789', type: 3 },
        ],
        email: [
          { address: 'oy@example.com', type: 1 },
          { address: 'work@corp.cn', type: 2, is_primary: 1 },
          { address: 'x@y.cn', type: 0 },
        ],
        im: [
          { protocol: 4, address: '10001', type: 1 },
          { protocol: 3, address: 'oy.skype', type: 2 },
          { protocol: -1, custom_protocol: '微信', address: 'wx_oy', type: 0 },
        ],
        'postal-address': [{ formatted_address: '江西省吉安市永丰县', street: '沙溪镇', type: 1 }],
        event: [
          { start_date: '2007-08-01', lunar_or_solar: 0, type: 3 },
          { start_date: '2007-6-21', lunar_or_solar: 1, type: 1 },
          { start_date: '2020-02-29', lunar_or_solar: 0, type: 2 },
        ],
        note: [{ note: '醉翁之意不在酒，\n在乎山水之间也; 真的' }],
        nickname: [
          { name: '醉翁', type: 1 },
          { name: '六一居士', type: 2 },
        ],
        website: [
          { url: 'https://ouyang.example.com', type: 1 },
          { url: 'rtsp://cam.example.com/1', type: 5 },
        ],
        group: [{ groupTitle: '家人' }],
      },
      { attachment: [{ fid: 'head_photo', cloud_path: avatar }] },
    );
    // Its given name is stored as the export's N splits it ("Smith; John"), so it reads back the same.
    await save(client, {
      name: [{ display_name: 'John Smith', given_name: 'John', is_primary: 1 }],
      phone: [{ number: '+1 555 0100' }],
      group: [{ groupTitle: 'Friends' }],
    });
    await save(client, person('7号技师'));

    const filePath = (await client.post<ExportResult>('/contact/export.do', {})).data?.filePath ?? '';
    const { bytes } = await download(client, filePath);
    const target = await verifiedClient(server);
    const imported = await importFiles(target.client, [{ name: '通讯录.vcf', text: bytes }]);
    expect(imported.code, imported.message).toBe(0);
    expect(imported.data).toMatchObject({ total: 3, added: 3, duplicates: 0, failed: [] });
    expect(imported.data?.warnings).toEqual([]);

    const strip = (c: Contact) => ({ ...c, server_id: '', version_code: 0, attachment: c.attachment.length });
    const byName = (list: Record<string, Contact>) =>
      Object.fromEntries(Object.values(list).map((c) => [c.content.name[0]?.display_name, strip(c)]));
    const source = await book(client);
    const copy = await book(target.client);
    expect(byName(copy.list)).toEqual(byName(source.list));
    expect(Object.keys(copy.group).sort()).toEqual(['Friends', '家人']);
    const copied = Object.values(copy.list).find((c) => c.attachment.length > 0);
    const picture = await download(target.client, copied?.attachment[0]?.cloud_path ?? '');
    const meta = await sharp(picture.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);

    // The same file again adds nothing.
    const again = await importFiles(target.client, [{ name: 'again.VCF', text: bytes }]);
    expect(again.data).toMatchObject({ total: 3, added: 0, duplicates: 3 });
    expect(Object.keys((await book(target.client)).list)).toHaveLength(3);
  });

  it('imports vCard 2.1 as Android writes it, with QUOTED-PRINTABLE and CHARSET=UTF-8', async () => {
    const { client } = await verifiedClient(server);
    const res = await importFiles(client, [{ name: 'android.vcf', text: ANDROID_FILE }]);
    expect(res.data).toMatchObject({ total: 2, added: 2, failed: [] });
    const list = Object.values((await book(client)).list);
    const li = list.find((c) => c.content.name[0]?.display_name === '李小龙')?.content;
    expect(li?.name[0]).toMatchObject({ given_name: '小龙' });
    expect(li?.phone).toEqual([
      { is_primary: 0, number: '139-1234-5678', type: 2 },
      { is_primary: 0, number: '010 6543 2100', type: 3 },
    ]);
    expect(li?.email).toEqual([{ is_primary: 0, address: 'xiaolong@example.com', type: 1 }]);
    expect(li?.['postal-address']).toEqual([
      {
        is_primary: 0,
        formatted_address: '北京中关村大街1号',
        street: '中关村大街1号',
        po_box: '',
        extended: '',
        city: '北京',
        region: '',
        postcode: '',
        country: '',
        type: 2,
      },
    ]);
    expect(li?.note).toEqual([{ note: '第一行\n第二行很长很长很长' }]);
    expect(li?.event).toEqual([{ is_primary: 0, start_date: '1940-11-27', lunar_or_solar: 0, type: 3 }]);
    expect(li?.nickname).toEqual([{ name: '小龙', type: 1 }]);
    expect(li?.group).toEqual([{ groupTitle: '功夫' }]);
    const bruce = list.find((c) => c.content.name[0]?.display_name === 'Bruce Lee')?.content;
    expect(bruce?.phone).toEqual([{ is_primary: 0, number: '+1 206 555 0100', type: 1 }]);
    expect(list.find((c) => c.content.name[0]?.display_name === '李小龙')?.letter_index).toBe('L');
  });

  it('skips and reports a broken card without losing the good ones; several files at once', async () => {
    const { client } = await verifiedClient(server);
    const broken = [
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:好人一\r\nTEL:111\r\nEND:VCARD',
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:坏卡片\r\nTHIS LINE HAS NO COLON\r\nEND:VCARD',
      'BEGIN:VCARD\r\nVERSION:3.0\r\nTEL:\r\nEND:VCARD',
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:好人二\r\nEMAIL:bad-address\r\nEND:VCARD',
    ].join('\r\n');
    const v4 =
      'BEGIN:VCARD\nVERSION:4.0\nFN:Jane Doe\nN:Doe;Jane;;;\nTEL;VALUE=uri;TYPE=cell:tel:+1-555-0199\nEND:VCARD\n';
    const res = await importFiles(client, [
      { name: 'mixed.vcf', text: broken },
      { name: 'v4.vcf', text: v4 },
    ]);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ total: 5, added: 4, duplicates: 0 });
    // A stray line costs that line, not the card; only a card with nothing at all is skipped.
    expect(res.data?.failed).toEqual([
      { file: 'mixed.vcf', index: 3, name: '', reason: ContactMsg.IMPORT_CARD_NO_NAME },
    ]);
    expect(res.data?.warnings).toContain(
      `mixed.vcf 第2个联系人“坏卡片”：${ImportText.lineDropped('THIS LINE HAS NO COLON')}`,
    );
    expect(res.data?.warnings.join()).toContain('bad-address');
    const list = Object.values((await book(client)).list)
      .map((c) => c.content.name[0]?.display_name)
      .sort();
    expect(list).toEqual(['Jane Doe', '坏卡片', '好人一', '好人二'].sort());
  });

  it('refuses anything but .vcf, with the spec text, and imports nothing', async () => {
    const { client } = await verifiedClient(server);
    const res = await importFiles(client, [
      { name: 'good.vcf', text: 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEND:VCARD\r\n' },
      { name: 'contacts.txt', text: 'name,phone\nA,1' },
    ]);
    expect(res).toMatchObject({ code: Code.INVALID, message: ContactMsg.IMPORT_FORMAT });
    // A CSV of neither Google's nor Outlook's layout has a text of its own.
    const csv = await importFiles(client, [{ name: 'contacts.csv', text: 'name,phone\nA,1' }]);
    expect(csv).toMatchObject({ code: Code.INVALID, message: ContactMsg.IMPORT_CSV_LAYOUT });
    expect(Object.keys((await book(client)).list)).toEqual([]);
    expect((await importFiles(client, [{ name: 'empty.vcf', text: 'hello' }])).message).toBe(
      ContactMsg.IMPORT_NO_CARD,
    );
  });
});
