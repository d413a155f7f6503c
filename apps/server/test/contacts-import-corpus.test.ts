import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type Contact,
  ContactMsg,
  type Envelope,
  EventType,
  GROUP_MAX,
  IMPORT_MAX_FILES,
  IMPORT_SKIP_GROUPS_FIELD,
  type ImportResult,
  ImportText,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedClient } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { book, closeServer } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

const CORPUS = path.join(import.meta.dirname, 'fixtures/vcards');

/** Cards read and cards skipped per producer's folder: only a card with nothing in it is skipped. */
const EXPECTED: Record<string, { total: number; failed: number }> = {
  android: { total: 36, failed: 1 },
  blackberry: { total: 2, failed: 0 },
  davx5: { total: 4, failed: 0 },
  evolution: { total: 2, failed: 0 },
  'ez-vcard': { total: 2, failed: 0 },
  gmail: { total: 6, failed: 0 },
  iphone: { total: 2, failed: 0 },
  'japanese-phones': { total: 4, failed: 0 },
  kcontacts: { total: 18, failed: 0 },
  khard: { total: 16, failed: 0 },
  'lotus-notes': { total: 1, failed: 0 },
  macos: { total: 2, failed: 0 },
  outlook: { total: 3, failed: 0 },
  rfc: { total: 6, failed: 0 },
  thunderbird: { total: 1, failed: 0 },
  'windows-mobile': { total: 1, failed: 0 },
};

interface Upload {
  name: string;
  bytes: Buffer | string;
}

async function importRaw(client: TestClient, files: Upload[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('file', new Blob([f.bytes]), f.name);
  const res = await client.raw('/contact/inport.do', { method: 'POST', body: form });
  const body = (await res.json()) as Envelope<ImportResult>;
  expect(body.code, body.message).toBe(0);
  return body.data as ImportResult;
}

function folderFiles(folder: string): Upload[] {
  return readdirSync(path.join(CORPUS, folder))
    .filter((f) => f.endsWith('.vcf'))
    .sort()
    .map((name) => ({ name, bytes: readFileSync(path.join(CORPUS, folder, name)) }));
}

/** A folder's files, in as many calls as the file limit needs. */
async function importFolder(client: TestClient, folder: string) {
  const files = folderFiles(folder);
  const out = {
    total: 0,
    added: 0,
    duplicates: 0,
    failed: [] as ImportResult['failed'],
    warnings: [] as string[],
  };
  for (let i = 0; i < files.length; i += IMPORT_MAX_FILES) {
    const r = await importRaw(client, files.slice(i, i + IMPORT_MAX_FILES));
    out.total += r.total;
    out.added += r.added;
    out.duplicates += r.duplicates;
    out.failed.push(...r.failed);
    out.warnings.push(...r.warnings);
  }
  return out;
}

const card = (...lines: string[]) => ['BEGIN:VCARD', ...lines, 'END:VCARD'].join('\r\n');
const byName = (list: Contact[], name: string) =>
  list.find((c) => c.content.name[0]?.display_name === name)?.content;

describe.each(TEST_DIALECTS)('contacts: import of real cards from many producers [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await closeServer(server);
  });

  it('keeps at least 97% of the corpus, with the expected count per producer', async () => {
    const { client } = await verifiedClient(server);
    const folders = readdirSync(CORPUS, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(folders).toEqual(Object.keys(EXPECTED).sort());
    let total = 0;
    let kept = 0;
    for (const folder of folders) {
      const r = await importFolder(client, folder);
      expect({ folder, total: r.total, failed: r.failed.length }).toEqual({ folder, ...EXPECTED[folder] });
      total += r.total;
      kept += r.total - r.failed.length;
    }
    expect(kept / total).toBeGreaterThanOrEqual(0.97);
  });

  it('point 1: a card with no name is named by its company, else phone, else e-mail; an empty one is skipped', async () => {
    const { client } = await verifiedClient(server);
    const android = await importFolder(client, 'android');
    // Android's custom rows alone are nothing a person would call a contact.
    expect(android.failed).toEqual([
      { file: 'v21_android_custom_prop.vcf', index: 1, name: '', reason: ContactMsg.IMPORT_CARD_NO_NAME },
    ]);
    await importRaw(
      client,
      [...folderFiles('kcontacts'), ...folderFiles('evolution')].slice(0, IMPORT_MAX_FILES),
    );
    await importRaw(client, [
      { name: 'company.vcf', bytes: card('VERSION:3.0', 'N:;;;;', 'FN:', 'ORG:腾讯;', 'X-ABShowAs:COMPANY') },
      { name: 'phone.vcf', bytes: card('VERSION:3.0', 'TEL;TYPE=CELL:13800138000') },
    ]);
    const list = Object.values((await book(client)).list);
    // Android's e-mail-only contacts.
    expect(byName(list, 'john.doe@company.com')?.email[0]?.address).toBe('john.doe@company.com');
    expect(byName(list, 'jane.doe@company.com')).toBeDefined();
    // Evolution's company card, written with a bare FN line and no VERSION.
    expect(byName(list, 'Ximian, Inc.')?.organization[0]?.company).toBe('Ximian, Inc.');
    expect(byName(list, '腾讯')?.organization[0]?.company).toBe('腾讯');
    expect(byName(list, '13800138000')?.phone[0]?.number).toBe('13800138000');
  });

  it('point 2: an unreadable part costs that part, said so, never the card', async () => {
    const { client } = await verifiedClient(server);
    const r = await importRaw(client, [
      ...folderFiles('android').filter((f) => /invalid_comment|malformed_photo|nest/.test(f.name)),
      ...folderFiles('khard').filter((f) => f.name === 'unparsable.vcf'),
      {
        name: 'bare.vcf',
        bytes: card(
          'VERSION:3.0',
          'FN:裸参数',
          'TEL;HOME:',
          'TEL;CELL:139 0000 0000',
          'PHOTO;BASE64:',
          'stray line',
        ),
      },
    ]);
    expect(r.failed).toEqual([]);
    const list = Object.values((await book(client)).list);
    expect(byName(list, 'Conference Call')?.note[0]?.note).toContain('This message must NOT be ignored');
    expect(r.warnings).toContain(
      `v21_invalid_comment_line.vcf 第1个联系人“Conference Call”：${ImportText.lineDropped('# This line must be ignored.')}`,
    );
    expect(byName(list, 'second contact with minimal Vcard')).toBeDefined();
    expect(r.warnings).toContain(
      `unparsable.vcf 第1个联系人“second contact with minimal Vcard”：${ImportText.cardNoEnd}`,
    );
    expect(byName(list, '裸参数')?.phone).toEqual([{ is_primary: 0, number: '139 0000 0000', type: 2 }]);
    expect(r.warnings).toContain(`bare.vcf 第1个联系人“裸参数”：${ImportText.lineDropped('stray line')}`);
  });

  it('point 3: values as the producers write them', async () => {
    const { client } = await verifiedClient(server);
    const ascii = (s: string) => Buffer.from(s, 'latin1');
    const r = await importRaw(client, [
      ...folderFiles('iphone'),
      ...folderFiles('gmail'),
      ...folderFiles('davx5'),
      ...folderFiles('japanese-phones'),
      ...folderFiles('rfc'),
      {
        name: 'evolution-phonetic.vcf',
        bytes: card(
          'VERSION:3.0',
          'FN:王小明',
          'N:王;小明;;;',
          'X-PHONETIC-FIRST-NAME:xiaoming',
          'X-PHONETIC-LAST-NAME:wang',
          'X-EVOLUTION-ANNIVERSARY:2010-05-01',
          'TEL;TYPE=WORK:+1-800-MYFAX',
          'BDAY:--0416',
        ),
      },
      {
        name: 'big5.vcf',
        bytes: Buffer.concat([
          ascii('BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=BIG5:'),
          // '陳;大文' in Big5.
          Buffer.from('b3af3ba46aa4e5', 'hex'),
          ascii('\r\nTEL;CELL:0912345678\r\nEND:VCARD\r\n'),
        ]),
      },
      {
        name: 'gbk.vcf',
        bytes: Buffer.concat([
          ascii('BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=GBK:'),
          // '黄页客服中心' in GBK.
          Buffer.from('bbc6d2b3bfcdb7fed6d0d0c4', 'hex'),
          ascii('\r\nTEL;WORK:114\r\nEND:VCARD\r\n'),
        ]),
      },
    ]);
    expect(r.failed).toEqual([]);
    const list = Object.values((await book(client)).list);
    // Escaped URLs (Google and iOS).
    const iphone = list.find(
      (c) =>
        c.content.organization.some((o) => o.company.startsWith('IBM')) &&
        c.content.phone.some((p) => p.number === '905-555-1234'),
    )?.content;
    expect(iphone?.website.map((w) => w.url)).toContain('http://www.ibm.com');
    // Apple's grouped date labelled as an anniversary, and Gmail's.
    const gmail = list.find((c) => c.content.event.some((e) => e.start_date === '1930-03-20'))?.content;
    expect(gmail?.event.find((e) => e.start_date === '1930-03-20')?.type).toBe(EventType.ANNIVERSARY);
    // A birthday without a year, from DAVx5 and typed in.
    expect(byName(list, 'VCard 4 Test')?.event).toEqual([
      { is_primary: 0, start_date: '--04-16', lunar_or_solar: 0, type: EventType.BIRTHDAY },
    ]);
    const wang = byName(list, '王小明');
    expect(wang?.name[0]?.phonetic_family_name).toBe('wangxiaoming');
    expect(wang?.event).toContainEqual({
      is_primary: 0,
      start_date: '2010-05-01',
      lunar_or_solar: 0,
      type: EventType.ANNIVERSARY,
    });
    expect(wang?.event).toContainEqual({
      is_primary: 0,
      start_date: '--04-16',
      lunar_or_solar: 0,
      type: EventType.BIRTHDAY,
    });
    // Letters in a number stay as written.
    expect(wang?.phone[0]?.number).toBe('+1-800-MYFAX');
    // RFC 6350's tel: URI with an extension: the number alone, the extension apart.
    const rfc = list.find((c) =>
      c.content.phone.some((p) => p.number.startsWith('+1-418-656-9254')),
    )?.content;
    expect(rfc?.phone.map((p) => p.number)).toContain('+1-418-656-9254');
    expect(rfc?.note.map((n) => n.note)).toContain('+1-418-656-9254 ext. 102');
    // 8-bit values in the charset the property names: Shift_JIS, Big5, GBK.
    // ADR's parts kept apart (this phone writes the address as the extended part, with a postcode).
    expect(byName(list, '安藤 ロイド 1')?.['postal-address'][0]).toMatchObject({
      extended: '東京都渋谷区桜丘町26-1セルリアンタワー6階',
      postcode: '150-8512',
      formatted_address: '東京都渋谷区桜丘町26-1セルリアンタワー6階 150-8512',
    });
    expect(byName(list, '陳大文')?.phone[0]?.number).toBe('0912345678');
    expect(byName(list, '黄页客服中心')?.phone[0]?.number).toBe('114');
    // KIND:group (RFC 6350's example) is a group with its members, not a person.
    const all = await book(client);
    expect(byName(list, 'The Doe family')).toBeUndefined();
    const family = Object.keys(all.group).find((g) => 'The Doe family'.startsWith(g));
    expect(family).toBe('The Doe fami');
    const members = (all.group[family as string] ?? []).map(
      (id) => all.list[id]?.content.name[0]?.display_name,
    );
    expect(members.sort()).toEqual(['Jane Doe', 'John Doe']);
    expect(r.warnings).toContain(
      `rfc6350-member.vcf 第1个联系人“The Doe fami”：${ImportText.groupCut('The Doe family', 12, 'The Doe fami')}`,
    );
  });

  it('point 4: a limit cuts with a true message naming the field', async () => {
    const { client } = await verifiedClient(server);
    const r = await importRaw(
      client,
      folderFiles('davx5').filter((f) => f.name === 'allfields-vcard3.vcf'),
    );
    expect(r.warnings).toContain(
      `${ImportText.where(null, 1, 'Ämi Display')}：${ImportText.fieldTooLong('website', 'http://www.swbyps.restaurant.french/~chezchic.html', 40)}`,
    );
    expect(r.warnings.some((w) => w.includes(ImportText.fieldCut('company', 40)))).toBe(true);
    expect(r.warnings.join()).not.toContain('格式不正确');
  });

  it('point 5: categories become groups unless skipped, never past the group limit', async () => {
    const { client } = await verifiedClient(server);
    const many = Array.from({ length: GROUP_MAX + 5 }, (_, i) =>
      card('VERSION:3.0', `FN:成员${i}`, `CATEGORIES:分类${i}`),
    ).join('\r\n');
    const skipped = await importRaw(client, [{ name: 'cats.vcf', bytes: many }], {
      [IMPORT_SKIP_GROUPS_FIELD]: '1',
    });
    expect(skipped.added).toBe(GROUP_MAX + 5);
    expect(skipped.warnings).toContain(ImportText.groupsSkipped);
    let b = await book(client);
    expect(Object.keys(b.group)).toEqual([]);
    expect(Object.values(b.list).every((c) => c.content.group.length === 0)).toBe(true);

    const other = await verifiedClient(server);
    const made = await importRaw(other.client, [{ name: 'cats.vcf', bytes: many }]);
    b = await book(other.client);
    expect(Object.keys(b.group)).toHaveLength(GROUP_MAX);
    const left = Array.from({ length: 5 }, (_, i) => `分类${GROUP_MAX + i}`);
    expect(made.warnings).toContain(ImportText.groupsDropped(left));
    // The contacts of the groups left out are kept, without them.
    expect(made.added).toBe(GROUP_MAX + 5);
    expect(byName(Object.values(b.list), `成员${GROUP_MAX}`)?.group).toEqual([]);
  });
});
