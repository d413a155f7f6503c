import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  Code,
  ContactMsg,
  type Envelope,
  EventType,
  type ExportResult,
  type ImportResult,
} from '@phonecloud/shared';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODID } from '../src/modules/contacts/vcard/write.js';
import { verifiedClient } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { book, closeServer, save } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { startTestServer, type TestServer } from './support/server.js';

const CORPUS = path.join(import.meta.dirname, 'fixtures/vcards');
// Debian's interpreter: the one python3-vobject installs for (a pyenv or venv python may not see it).
const PYTHON = '/usr/bin/python3';
const KHARD = '/usr/bin/khard';

/** Fails, never skips, when a reader the tests need is missing: `.ci/run` installs them. */
function requireReaders() {
  try {
    execFileSync(PYTHON, ['-c', 'import vobject']);
  } catch {
    throw new Error(`${PYTHON} cannot import vobject: apt-get install python3-vobject`);
  }
  if (!existsSync(KHARD)) throw new Error(`${KHARD} is missing: apt-get install khard`);
}

/** Every card of a file as Python's vobject reads it: FN, N, UID, BDAY and the rest by name. */
function readWithVobject(text: string): Array<Record<string, string[]>> {
  const script = [
    'import sys, json, vobject',
    'out = []',
    'for card in vobject.readComponents(sys.stdin.read()):',
    '    d = {}',
    '    for line in card.lines():',
    '        v = line.value',
    "        if line.name == 'N': v = [v.family, v.given]",
    "        if line.name == 'PHOTO': v = len(v)",
    '        d.setdefault(line.name, []).append(v if isinstance(v, str) else json.dumps(v, default=str))',
    '    out.append(d)',
    'print(json.dumps(out))',
  ].join('\n');
  return JSON.parse(execFileSync(PYTHON, ['-c', script], { input: text }).toString());
}

/** khard's list of a vdir holding the cards, one file each as CardDAV clients store them. */
function listWithKhard(text: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pc-khard-'));
  try {
    const books = path.join(dir, 'book');
    mkdirSync(books);
    const cards = text.split(/(?<=END:VCARD\r\n)/).filter((c) => c.trim());
    for (const [i, c] of cards.entries()) writeFileSync(path.join(books, `${i}.vcf`), c);
    const config = path.join(dir, 'khard.conf');
    writeFileSync(
      config,
      `[addressbooks]\n[[book]]\npath = ${books}\n\n[general]\neditor = true\nmerge_editor = true\n\n[contact table]\nsort = last_name\n`,
    );
    return execFileSync(KHARD, ['-c', config, 'list', '--parsable'], {
      env: { ...process.env, HOME: dir },
    }).toString();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function importRaw(client: TestClient, files: Array<{ name: string; bytes: Buffer | string }>) {
  const form = new FormData();
  for (const f of files) form.append('file', new Blob([f.bytes]), f.name);
  const res = await client.raw('/contact/inport.do', { method: 'POST', body: form });
  const body = (await res.json()) as Envelope<ImportResult>;
  expect(body.code, body.message).toBe(0);
  return body.data as ImportResult;
}

async function exportText(client: TestClient, form: Record<string, string> = {}) {
  const res = await client.post<ExportResult>('/contact/export.do', form);
  expect(res.code, res.message).toBe(0);
  const file = await client.raw(res.data?.filePath ?? '');
  return file.text();
}

const corpusFile = (p: string) => ({ name: path.basename(p), bytes: readFileSync(path.join(CORPUS, p)) });

describe.each(TEST_DIALECTS)('contacts: export that leaves complete [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    requireReaders();
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await closeServer(server);
  });

  it('every card has a stable UID (kept from the import), REV and PRODID; N splits every script', async () => {
    const { client } = await verifiedClient(server);
    await importRaw(client, [corpusFile('khard/contact1.vcf'), corpusFile('rfc/rfc6350-member.vcf')]);
    await save(client, { name: [{ display_name: 'Greg Dartmouth', is_primary: 1 }] });
    await save(client, { name: [{ display_name: '欧阳娜娜', given_name: '娜娜', is_primary: 1 }] });
    const first = await exportText(client);
    const second = await exportText(client);
    // jCards as ical.js parses them: [name, params, type, value].
    const cards = (
      ICAL.parse(first) as unknown as Array<[string, Array<[string, unknown, string, unknown]>]>
    ).map((c) => new Map(c[1].map((p) => [p[0], p[3]])));
    expect(cards.length).toBe(5);
    for (const c of cards) {
      expect(c.get('uid')).toBeTruthy();
      expect(c.get('rev')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(c.get('prodid')).toBe(PRODID);
    }
    const uids = (text: string) => [...text.matchAll(/^UID:(.*)$/gm)].map((m) => m[1]?.trim()).sort();
    expect(uids(second)).toEqual(uids(first));
    // The imported cards' own UIDs.
    expect(first).toContain('UID:urn:uuid:03a0e51f-d1aa-4385-8a53-e29025acd8af');
    const khardUid = readFileSync(path.join(CORPUS, 'khard/contact1.vcf'), 'utf8')
      .match(/^UID:(.*)$/m)?.[1]
      ?.trim();
    expect(uids(first)).toContain(khardUid);
    const n = (fn: string) => cards.find((c) => c.get('fn') === fn)?.get('n');
    expect(n('Greg Dartmouth')).toEqual(['Dartmouth', 'Greg', '', '', '']);
    expect(n('欧阳娜娜')).toEqual(['欧阳', '娜娜', '', '', '']);

    const read = readWithVobject(first);
    expect(read).toHaveLength(5);
    const greg = read.find((c) => c.FN?.[0] === 'Greg Dartmouth');
    expect(JSON.parse(greg?.N?.[0] ?? 'null')).toEqual(['Dartmouth', 'Greg']);
    expect(listWithKhard(first)).toContain('Greg Dartmouth');
  });

  it('anniversaries in 3.0 and 4.0 and Apple form; lunar dates only where they are read as lunar; a yearless birthday', async () => {
    const { client } = await verifiedClient(server);
    await save(client, {
      name: [{ display_name: 'Ada Lovelace', is_primary: 1 }],
      event: [
        { start_date: '--12-10', lunar_or_solar: 0, type: EventType.BIRTHDAY, is_primary: 0 },
        { start_date: '2001-05-20', lunar_or_solar: 0, type: EventType.ANNIVERSARY, is_primary: 0 },
      ],
    });
    await save(client, {
      name: [{ display_name: '李春', is_primary: 1 }],
      event: [
        { start_date: '1990-8-15', lunar_or_solar: 1, type: EventType.BIRTHDAY, is_primary: 0 },
        { start_date: '2010-1-1', lunar_or_solar: 1, type: EventType.ANNIVERSARY, is_primary: 0 },
      ],
    });
    const raw3 = await exportText(client);
    // Checked unfolded: ical.js folds long lines as the format asks.
    const v3 = raw3.replace(/\r\n[ \t]/g, '');
    expect(v3).toContain('X-ANNIVERSARY');
    // Property names are case-insensitive: ical.js writes them upper-case.
    expect(v3).toMatch(/item\d+\.X-ABDATE[^:]*:2001-05-20/i);
    expect(v3).toMatch(/item\d+\.X-ABLabel:_\$!<Anniversary>!\$_/i);
    expect(v3).toContain('vnd.android.cursor.item/contact_event;2001-05-20;1');
    expect(v3).toMatch(/BDAY;[^:]*X-APPLE-OMIT-YEAR=1604[^:]*:1604-?12-?10/);
    // The lunar dates: Android's rows marked LUNAR, nowhere a Gregorian reader looks.
    const li = v3.split('END:VCARD').find((c) => c.includes('FN:李春')) ?? '';
    expect(li).not.toMatch(/^(BDAY|X-ANNIVERSARY|ANNIVERSARY|item\d+\.X-ABDATE)/im);
    expect(li).toMatch(
      /X-ANDROID-CUSTOM;[^:]*X-CALENDAR=LUNAR[^:]*:vnd\.android\.cursor\.item\/contact_event;1990-8-15;3/,
    );

    const v4 = await exportText(client, { version: '4.0' });
    expect(v4).toContain('VERSION:4.0');
    expect(v4).toMatch(/^ANNIVERSARY[^:]*:2001-?05-?20/m);
    expect(v4).toMatch(/^BDAY[^:]*:--1210/m);
    const parsed = ICAL.parse(v4) as unknown as unknown[][];
    expect(parsed).toHaveLength(2);

    // Both read back into the same events, once each.
    const other = await verifiedClient(server);
    await importRaw(other.client, [{ name: 'v3.vcf', bytes: v3 }]);
    const list = Object.values((await book(other.client)).list);
    const ada = list.find((c) => c.content.name[0]?.display_name === 'Ada Lovelace')?.content;
    expect(ada?.event).toEqual([
      { is_primary: 0, start_date: '--12-10', lunar_or_solar: 0, type: EventType.BIRTHDAY },
      { is_primary: 0, start_date: '2001-05-20', lunar_or_solar: 0, type: EventType.ANNIVERSARY },
    ]);
    const chun = list.find((c) => c.content.name[0]?.display_name === '李春')?.content;
    expect(chun?.event.every((e) => e.lunar_or_solar === 1)).toBe(true);

    for (const text of [v3, v4]) {
      expect(readWithVobject(text)).toHaveLength(2);
      expect(listWithKhard(text)).toContain('Ada Lovelace');
    }
  });

  it('exports a group or chosen contacts; another account’s ids are not there', async () => {
    const { client } = await verifiedClient(server);
    const a = await save(client, {
      name: [{ display_name: '组员甲', is_primary: 1 }],
      group: [{ groupTitle: '同事' }],
    });
    await save(client, { name: [{ display_name: '组外乙', is_primary: 1 }] });
    const c = await save(client, { name: [{ display_name: '丙', is_primary: 1 }] });
    const group = await exportText(client, { group_name: '同事' });
    expect(group.match(/BEGIN:VCARD/g)).toHaveLength(1);
    expect(group).toContain('FN:组员甲');
    const chosen = await exportText(client, { server_ids: JSON.stringify([a.server_id, c.server_id]) });
    expect(chosen.match(/^FN:.*$/gm)?.sort()).toEqual(['FN:丙', 'FN:组员甲'].sort());
    expect((await client.post('/contact/export.do', { group_name: '没有这个组' })).message).toBe(
      ContactMsg.GROUP_NOT_FOUND,
    );
    const stranger = await verifiedClient(server);
    const theirs = await stranger.client.post('/contact/export.do', {
      server_ids: JSON.stringify([a.server_id]),
    });
    expect(theirs).toMatchObject({ code: Code.NOTHING_TO_EXPORT, message: ContactMsg.EXPORT_EMPTY });
    expect((await client.post('/contact/export.do', { version: '2.1' })).code).toBe(Code.INVALID);
  });

  it('the whole corpus exports and reads back in ical.js, vobject and khard', async () => {
    const { client } = await verifiedClient(server);
    for (const folder of ['android', 'iphone', 'gmail', 'outlook', 'japanese-phones', 'davx5', 'evolution']) {
      const dir = path.join(CORPUS, folder);
      const files = execFileSync('ls', [dir])
        .toString()
        .trim()
        .split('\n')
        .filter((f) => f.endsWith('.vcf'));
      for (let i = 0; i < files.length; i += 20) {
        await importRaw(
          client,
          files.slice(i, i + 20).map((f) => corpusFile(`${folder}/${f}`)),
        );
      }
    }
    const count = Object.keys((await book(client)).list).length;
    for (const version of ['3.0', '4.0']) {
      const text = await exportText(client, { version });
      expect(ICAL.parse(text) as unknown as unknown[]).toHaveLength(count);
      expect(readWithVobject(text)).toHaveLength(count);
      const listed = listWithKhard(text).trim().split('\n').filter(Boolean);
      expect(listed).toHaveLength(count);
    }
  });
});
