import {
  type Contact,
  type ContactContent,
  type Envelope,
  EventType,
  type ExportResult,
  type ImportResult,
} from '@phonecloud/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedClient } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { book, closeServer, save } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

async function importRaw(client: TestClient, name: string, bytes: string | Buffer) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const res = await client.raw('/contact/inport.do', { method: 'POST', body: form });
  const body = (await res.json()) as Envelope<ImportResult>;
  expect(body.code, body.message).toBe(0);
  return body.data as ImportResult;
}

async function exportCsv(client: TestClient, csv: 'google' | 'outlook') {
  const res = await client.post<ExportResult>('/contact/export.do', { csv });
  expect(res.code, res.message).toBe(0);
  const file = await client.raw(res.data?.filePath ?? '');
  expect(file.headers.get('content-type')).toContain('text/csv');
  expect(file.headers.get('content-disposition')).toContain('.csv');
  return Buffer.from(await file.arrayBuffer());
}

const byName = (list: Record<string, Contact>): Record<string, ContactContent> =>
  Object.fromEntries(Object.values(list).map((c) => [c.content.name[0]?.display_name ?? '', c.content]));

// The header rows Google Contacts' and Outlook's export buttons write (Outlook's cut to the
// columns these rows fill; its reader takes any subset by name).
const GOOGLE = [
  'First Name,Middle Name,Last Name,Phonetic First Name,Phonetic Middle Name,Phonetic Last Name,Name Prefix,Name Suffix,Nickname,File As,Organization Name,Organization Title,Organization Department,Birthday,Notes,Photo,Labels,E-mail 1 - Label,E-mail 1 - Value,E-mail 2 - Label,E-mail 2 - Value,Phone 1 - Label,Phone 1 - Value,Phone 2 - Label,Phone 2 - Value,Address 1 - Label,Address 1 - Formatted,Address 1 - Street,Address 1 - City,Address 1 - PO Box,Address 1 - Region,Address 1 - Postal Code,Address 1 - Country,Address 1 - Extended Address,Website 1 - Label,Website 1 - Value,Event 1 - Label,Event 1 - Value',
  'Greg,,Dartmouth,,,,,,,,Acme,Engineer,,1980-04-16,"two\nlines",,* myContacts ::: Friends,* Work,greg@acme.com,Home,greg@example.com,Mobile,+1 555 0101,Work,+1 555 0102,Home,"1 Main St, Springfield",1 Main St,Springfield,,,,,,,http://greg.example.com,Anniversary,2005-06-01',
  '小明,,王,,,wang,,,,,,,,--03-08,,,* myContacts,,,,,Mobile,13800138000,,,,,,,,,,,,,,,,',
].join('\r\n');
const OUTLOOK = [
  'First Name,Middle Name,Last Name,Title,Suffix,Nickname,E-mail Address,E-mail 2 Address,Mobile Phone,Home Phone,Business Phone,Business Fax,Company,Job Title,Business Street,Business City,Business State,Business Postal Code,Business Country/Region,Web Page,Birthday,Anniversary,Notes,Categories',
  'Ada,,Lovelace,,,,ada@example.com,,+44 20 0000 0001,,+44 20 0000 0002,+44 20 0000 0003,Analytical Engines,Programmer,12 St James Sq,London,,SW1Y 4JH,United Kingdom,,12/10/1915,0/0/00,,Pioneers;Friends',
].join('\r\n');

describe.each(TEST_DIALECTS)('contacts: CSV in Google’s and Outlook’s layouts [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await closeServer(server);
  });

  it('imports a Google Contacts CSV', async () => {
    const { client } = await verifiedClient(server);
    const r = await importRaw(client, 'contacts.csv', GOOGLE);
    expect(r).toMatchObject({ total: 2, added: 2, failed: [] });
    const list = byName((await book(client)).list);
    const greg = list['Greg Dartmouth'];
    expect(greg?.name[0]?.given_name).toBe('Greg');
    expect(greg?.organization).toEqual([{ is_primary: 0, company: 'Acme', title: 'Engineer', type: 1 }]);
    expect(greg?.email.map((e) => [e.address, e.type])).toEqual([
      ['greg@acme.com', 2],
      ['greg@example.com', 1],
    ]);
    expect(greg?.phone.map((p) => [p.number, p.type])).toEqual([
      ['+1 555 0101', 2],
      ['+1 555 0102', 3],
    ]);
    // The parts in their columns; the text joins them in Chinese order.
    expect(greg?.['postal-address'][0]).toMatchObject({
      street: '1 Main St',
      city: 'Springfield',
      formatted_address: 'Springfield 1 Main St',
    });
    expect(greg?.event).toEqual([
      { is_primary: 0, start_date: '1980-04-16', lunar_or_solar: 0, type: EventType.BIRTHDAY },
      { is_primary: 0, start_date: '2005-06-01', lunar_or_solar: 0, type: EventType.ANNIVERSARY },
    ]);
    expect(greg?.note).toEqual([{ note: 'two\nlines' }]);
    expect(greg?.group).toEqual([{ groupTitle: 'Friends' }]);
    expect(list.王小明?.event[0]?.start_date).toBe('--03-08');
    expect(list.王小明?.name[0]?.phonetic_family_name).toBe('wang');
  });

  it('imports an Outlook CSV (M/D/YYYY dates, 0/0/00 for none, categories by ;)', async () => {
    const { client } = await verifiedClient(server);
    const r = await importRaw(client, 'outlook.csv', OUTLOOK);
    expect(r).toMatchObject({ total: 1, added: 1, failed: [] });
    const ada = byName((await book(client)).list)['Ada Lovelace'];
    expect(ada?.phone.map((p) => [p.number, p.type])).toEqual([
      ['+44 20 0000 0001', 2],
      ['+44 20 0000 0002', 3],
      ['+44 20 0000 0003', 4],
    ]);
    expect(ada?.event).toEqual([
      { is_primary: 0, start_date: '1915-12-10', lunar_or_solar: 0, type: EventType.BIRTHDAY },
    ]);
    expect(ada?.group.map((g) => g.groupTitle).sort()).toEqual(['Friends', 'Pioneers']);
    // The address's parts in their columns: 40 characters each, so nothing is cut.
    expect(ada?.['postal-address']).toEqual([
      {
        is_primary: 0,
        formatted_address: 'United Kingdom London 12 St James Sq SW1Y 4JH',
        street: '12 St James Sq',
        po_box: '',
        extended: '',
        city: 'London',
        region: '',
        postcode: 'SW1Y 4JH',
        country: 'United Kingdom',
        type: 2,
      },
    ]);
    expect(r.warnings.join()).not.toContain('地址');
  });

  for (const layout of ['google', 'outlook'] as const) {
    it(`round-trips the book through a ${layout} CSV`, async () => {
      const { client } = await verifiedClient(server);
      await save(client, {
        name: [{ display_name: 'Greg Dartmouth', given_name: 'Greg', is_primary: 1 }],
        organization: [{ company: 'Acme', title: 'Engineer', type: 1 }],
        phone: [
          { number: '+1 555 0101', type: 2 },
          { number: '+1 555 0102', type: 3 },
        ],
        email: [{ address: 'greg@example.com', type: 1 }],
        'postal-address': [
          { formatted_address: '1 Main St, Springfield', street: '', type: 1 },
          {
            po_box: 'PO Box 7',
            extended: 'Suite 200',
            street: '500 Market St',
            city: 'San Francisco',
            region: 'CA',
            postcode: '94105',
            country: 'USA',
            type: 2,
          },
        ],
        event: [
          { start_date: '1980-04-16', lunar_or_solar: 0, type: EventType.BIRTHDAY },
          { start_date: '2005-06-01', lunar_or_solar: 0, type: EventType.ANNIVERSARY },
        ],
        note: [{ note: 'line one\nline two, with a comma' }],
        group: [{ groupTitle: '朋友' }],
      });
      await save(client, {
        name: [{ display_name: '欧阳娜娜', given_name: '娜娜', is_primary: 1 }],
        phone: [{ number: '138 0013 8000', type: 2 }],
      });
      const bytes = await exportCsv(client, layout);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = parse(bytes, { bom: true }) as string[][];
      expect(rows).toHaveLength(3);
      // Every address part has its column, as the layout names it.
      const columns =
        layout === 'google'
          ? ['Street', 'City', 'PO Box', 'Region', 'Postal Code', 'Country', 'Extended Address'].map(
              (x) => `Address 2 - ${x}`,
            )
          : ['Street', 'Street 2', 'City', 'State', 'Postal Code', 'Country/Region', 'PO Box'].map(
              (x) => `Business ${x}`,
            );
      const header = rows[0] ?? [];
      const greg = rows.find((r) => r.includes('Dartmouth')) ?? [];
      expect(columns.map((c) => greg[header.indexOf(c)])).toEqual([
        '500 Market St',
        ...(layout === 'google'
          ? ['San Francisco', 'PO Box 7', 'CA', '94105', 'USA', 'Suite 200']
          : ['Suite 200', 'San Francisco', 'CA', '94105', 'USA', 'PO Box 7']),
      ]);
      const target = await verifiedClient(server);
      const r = await importRaw(target.client, `export.csv`, bytes);
      expect(r).toMatchObject({ total: 2, added: 2, failed: [], warnings: [] });
      const strip = (c: ContactContent | undefined) =>
        c && { ...c, organization: c.organization.map((o) => ({ ...o, is_primary: 0 })) };
      const source = byName((await book(client)).list);
      const copy = byName((await book(target.client)).list);
      expect(strip(copy['Greg Dartmouth'])).toEqual(strip(source['Greg Dartmouth']));
      expect(copy.欧阳娜娜?.phone).toEqual(source.欧阳娜娜?.phone);
      expect(copy.欧阳娜娜?.name[0]?.given_name).toBe('娜娜');
    });
  }
});
