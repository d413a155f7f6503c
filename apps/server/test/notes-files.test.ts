import {
  Code,
  NoteApi,
  type NoteExportResult,
  NoteMsg,
  type NoteRecycleList,
  NoteStatus,
} from '@phonecloud/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { purgeExpired } from '../src/housekeeping.js';
import { demoWav } from '../src/modules/notes/demo.js';
import { NOTE_LOG_KEEP } from '../src/modules/notes/housekeeping.js';
import { notesModule } from '../src/modules/notes/module.js';
import { deleteUser } from '../src/modules/users/delete-user.js';
import { BLOB_GRACE_MS, BlobIndex } from '../src/storage/blob-index.js';
import { passVerification, verifiedClient } from './support/accounts.js';
import { closeServer } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import {
  item,
  keyOf,
  noteList,
  saveNote,
  startNotesServer,
  text,
  upload,
  uploadRaw,
} from './support/notes.js';
import type { TestServer } from './support/server.js';

const DAY = 24 * 60 * 60_000;

const png = (colour: string, w = 64, h = 48) =>
  sharp({ create: { width: w, height: h, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Every entry of a zip, read back with a second, independent library (yauzl). */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, z) => (err || !z ? reject(err) : resolve(z))),
  );
  const out = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          out.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return out;
}

/** Front matter (JSON-valued YAML lines) and body of an exported note. */
function readMarkdown(md: string): { front: Record<string, unknown>; body: string } {
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(md);
  if (!m) throw new Error(`no front matter in ${md}`);
  const front: Record<string, unknown> = {};
  for (const line of (m[1] ?? '').split('\n')) {
    const at = line.indexOf(': ');
    front[line.slice(0, at)] = JSON.parse(line.slice(at + 2));
  }
  return { front, body: m[2] ?? '' };
}

describe.each(TEST_DIALECTS)('notes: images, recordings, purges and the export [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startNotesServer(dialect);
  });
  afterAll(() => closeServer(server));

  const refs = async (key: string) =>
    Number((await new BlobIndex(server.deps.db).byKey(key))?.ref_count ?? Number.NaN);
  const stored = async (key: string) => (await server.deps.blobs.stat(key)) !== null;
  const housekeeping = () => purgeExpired(server.deps, [notesModule]);

  it('takes jpg, png and jpeg images only, re-encoded; refuses other types with the spec text', async () => {
    const { client } = await verifiedClient(server);
    const bytes = await png('#3366cc', 3000, 1000);
    const res = await upload(client, 'photo.PNG', bytes);
    expect(res.cloud_path).toMatch(/^\/note\/attachment\/file\/[0-9a-f]{64}$/);
    const served = await client.raw(res.cloud_path);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    // Re-encoded on the server: at most 2048 px a side.
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 2048, 683]);

    const jpeg = await sharp(bytes).jpeg().toBuffer();
    expect((await upload(client, 'a.jpeg', jpeg)).cloud_path).toMatch(/file\/[0-9a-f]{64}$/);
    for (const [name, body] of [
      ['a.gif', await sharp(bytes).gif().toBuffer()],
      ['a.webp', await sharp(bytes).webp().toBuffer()],
      // The right name on the wrong bytes is refused too.
      ['fake.jpg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
      ['gif-inside.png', await sharp(bytes).gif().toBuffer()],
    ] as const) {
      const bad = await uploadRaw(client, name, body);
      expect([bad.code, bad.message]).toEqual([Code.INVALID, NoteMsg.IMAGE_FORMAT]);
    }
    // The form's token field must be the page's.
    const forged = await uploadRaw(client, 'x.png', bytes, { token: 'forged' });
    expect([forged.code, forged.message]).toEqual([Code.INVALID, NoteMsg.BAD_REQUEST]);
  });

  it('keeps recordings as uploaded and serves them with Range', async () => {
    const { client } = await verifiedClient(server);
    const wav = demoWav(1);
    const rec = await upload(client, '录音.wav', wav, 'record');
    expect(rec).toMatchObject({ type: 'record', name: '录音.wav' });
    const whole = await client.raw(rec.cloud_path);
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(wav)).toBe(true);
    const part = await client.raw(rec.cloud_path, { headers: { range: 'bytes=0-11' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-11/${wav.length}`);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe(
      wav.subarray(0, 12).toString('latin1'),
    );
    expect((await client.raw(rec.cloud_path, { headers: { range: `bytes=${wav.length}-` } })).status).toBe(
      416,
    );
    const bad = await uploadRaw(client, 'a.flac', wav, { type: 'record' });
    expect([bad.code, bad.message]).toEqual([Code.INVALID, NoteMsg.RECORD_FORMAT]);
  });

  it("refuses another user's images in notes and on their URL", async () => {
    const a = await verifiedClient(server);
    const b = await verifiedClient(server);
    const img = await upload(a.client, 'mine.png', await png('#aa0000'));
    expect((await b.client.raw(img.cloud_path)).status).toBe(404);
    const res = await b.client.post(NoteApi.save, {
      data: JSON.stringify({ content: [{ type: 'image', content: img.cloud_path }] }),
    });
    expect([res.code, res.message]).toEqual([Code.INVALID, NoteMsg.FILE_MISSING]);
    // The same picture uploaded by B is B's own file (one blob, two references).
    const again = await upload(b.client, 'same.png', await png('#aa0000'));
    expect(again.cloud_path).toBe(img.cloud_path);
    expect(await refs(keyOf(img.cloud_path))).toBe(2);
  });

  it('purges notes 30 days in the bin with their files; a file another note names stays', async () => {
    const { client, user } = await verifiedClient(server);
    const shared = await upload(client, 'shared.png', await png('#00aa00'));
    const own = await upload(client, 'own.png', await png('#0000aa'));
    // A recording of its own length: no other test's user holds the same bytes.
    const rec = await upload(client, 'r.wav', demoWav(3), 'record');
    const going = await saveNote(client, {
      content: [
        text('带图'),
        { type: 'image', content: shared.cloud_path },
        { type: 'image', content: own.cloud_path },
        { type: 'record', content: 'r.wav', link: rec.cloud_path },
      ],
    });
    const staying = await saveNote(client, { content: [{ type: 'image', content: shared.cloud_path }] });
    const unused = await upload(client, 'unused.png', await png('#777777'));
    const keys = [shared, own, rec, unused].map((f) => keyOf(f.cloud_path));
    expect(await Promise.all(keys.map(refs))).toEqual([1, 1, 1, 1]);

    await client.post(NoteApi.delete, {
      server_ids: JSON.stringify({ [going.server_id]: going.version_code }),
    });
    // In the bin for 29 days: everything stays (the unused upload goes after a day).
    server.clock.advance(29 * DAY);
    await housekeeping();
    await passVerification(server, client, user);
    expect((await client.get<NoteRecycleList>(NoteApi.recycleList)).data?.note_ids).toEqual([
      going.server_id,
    ]);
    expect(await Promise.all(keys.map(refs))).toEqual([1, 1, 1, 0]);

    server.clock.advance(DAY + 1000);
    await housekeeping();
    await passVerification(server, client, user);
    expect((await client.get<NoteRecycleList>(NoteApi.recycleList)).data?.note_ids).toEqual([]);
    // The unused upload, unreferenced for over the grace by now, is gone from the index already.
    expect(await Promise.all(keys.map(refs))).toEqual([1, 0, 0, Number.NaN]);
    expect(await stored(keys[3] ?? '')).toBe(false);
    expect((await client.raw(own.cloud_path)).status).toBe(404);
    expect((await client.raw(shared.cloud_path)).status).toBe(200);
    expect(Object.keys((await noteList(client)).list)).toEqual([staying.server_id]);
    // The bytes go after the grace.
    server.clock.advance(BLOB_GRACE_MS + 1000);
    await housekeeping();
    expect(await Promise.all(keys.map(stored))).toEqual([true, false, false, false]);
    const files = await server.deps.db
      .selectFrom('note_files')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(files.map((f) => f.id)).toEqual([keyOf(shared.cloud_path)]);
  });

  it('deleting for good and emptying the bin release the files at once', async () => {
    const { client } = await verifiedClient(server);
    const one = await upload(client, 'one.png', await png('#112233'));
    const two = await upload(client, 'two.png', await png('#445566'));
    const n1 = await saveNote(client, { content: [{ type: 'image', content: one.cloud_path }] });
    const n2 = await saveNote(client, { content: [{ type: 'image', content: two.cloud_path }] });
    await client.post(NoteApi.delete, {
      server_ids: JSON.stringify({ [n1.server_id]: n1.version_code, [n2.server_id]: n2.version_code }),
    });
    expect(
      (await client.post(NoteApi.recycleDelete, { server_ids: JSON.stringify([n1.server_id]) })).code,
    ).toBe(0);
    expect([await refs(keyOf(one.cloud_path)), await refs(keyOf(two.cloud_path))]).toEqual([0, 1]);
    expect((await client.post(NoteApi.recycleEmpty, {})).code).toBe(0);
    expect(await refs(keyOf(two.cloud_path))).toBe(0);
  });

  it('takes a photo larger than a form body, and keeps the sync_version when housekeeping finds nothing', async () => {
    const { client } = await verifiedClient(server);
    const big = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const res = await upload(client, 'big.jpg', big);
    await saveNote(client, { content: [{ type: 'image', content: res.cloud_path }] });
    const before = (await noteList(client)).sync_version;
    await housekeeping();
    expect((await noteList(client)).sync_version).toBe(before);
  });

  it('deleting the account releases every file reference and leaves no notes row', async () => {
    const { client, user } = await verifiedClient(server);
    const img = await upload(client, 'gone.png', await png('#abcdef'));
    const rec = await upload(client, 'gone.wav', demoWav(4), 'record');
    const board = (await client.post<{ blackboard: { blackboard_id: string } }>(NoteApi.boardAdd, {})).data;
    const note = await saveNote(client, {
      content: [
        { type: 'image', content: img.cloud_path },
        { type: 'record', content: 'gone.wav', link: rec.cloud_path },
      ],
    });
    await client.post(NoteApi.boardMove, {
      data: note.server_id,
      blackboard_id: board?.blackboard.blackboard_id ?? '',
      position: '{"x":1,"y":1}',
    });
    expect((await client.post(NoteApi.export, {})).code).toBe(0);
    const keys = [img, rec].map((f) => keyOf(f.cloud_path));
    expect(await Promise.all(keys.map(refs))).toEqual([1, 1]);
    expect(await deleteUser(server.deps, [notesModule], user.id)).toBe(true);
    expect(await Promise.all(keys.map(refs))).toEqual([0, 0]);
    for (const table of [
      'note_books',
      'notes',
      'note_changes',
      'note_boards',
      'note_board_members',
      'note_files',
      'note_exports',
    ] as const) {
      const row = await server.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      expect([table, Number(row?.n)]).toEqual([table, 0]);
    }
  });

  it('keeps the change log to its last versions', async () => {
    const { client, user } = await verifiedClient(server);
    const first = await saveNote(client, { content: [text('一')] });
    const log = () =>
      server.deps.db
        .selectFrom('note_changes')
        .select(['sync_version', 'note_id', 'kind'])
        .where('user_id', '=', user.id)
        .orderBy('sync_version')
        .execute();
    expect((await log()).map((c) => [Number(c.note_id), Number(c.kind)])).toEqual([
      [Number(first.server_id), 1],
    ]);
    // Many versions later (as a long-used book would be), the oldest entries go.
    await server.deps.db
      .updateTable('note_books')
      .set({ sync_version: first.sync_version + NOTE_LOG_KEEP })
      .where('user_id', '=', user.id)
      .execute();
    const second = await saveNote(client, { content: [text('二')] });
    await housekeeping();
    expect((await log()).map((c) => Number(c.sync_version))).toEqual([second.sync_version]);
    const book = await server.deps.db
      .selectFrom('note_books')
      .select('log_floor')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    expect(Number(book?.log_floor)).toBe(second.sync_version - NOTE_LOG_KEEP);
  });

  it('answers 1012 with the spec text when there is nothing to export', async () => {
    const { client } = await verifiedClient(server);
    const empty = await client.post(NoteApi.export, { sync_version: 0 });
    expect([empty.code, empty.message]).toEqual([Code.NOTHING_TO_EXPORT, NoteMsg.EXPORT_EMPTY]);
    // Notes only in the bin export nothing either.
    const n = await saveNote(client, { content: [text('x')] });
    await client.post(NoteApi.delete, { server_ids: JSON.stringify({ [n.server_id]: n.version_code }) });
    expect((await client.post(NoteApi.export, {})).code).toBe(Code.NOTHING_TO_EXPORT);
  });

  it('exports a zip of Markdown files with front matter, checklists, images and recordings', async () => {
    const { client, user } = await verifiedClient(server);
    const img = await upload(
      client,
      'p.jpg',
      await sharp(await png('#cc8800'))
        .jpeg()
        .toBuffer(),
    );
    const wav = demoWav(1);
    const rec = await upload(client, '会议录音.wav', wav, 'record');
    const first = await saveNote(client, {
      title: '周末\u001f采购',
      content: [
        text('记得带袋子\n# 不是标题'),
        item('牛奶', true),
        item('鸡蛋'),
        { type: 'image', content: img.cloud_path },
        { type: 'record', content: '会议录音.wav', link: rec.cloud_path },
      ],
      classify: 3,
      top: 1,
    });
    server.clock.advance(1000);
    await saveNote(client, { title: 'a/b:c', content: [text('第二条')] });
    const res = await client.post<NoteExportResult>(NoteApi.export, { sync_version: 0 });
    expect(res.code, res.message).toBe(0);
    expect(res.data?.count).toBe(2);
    const path = res.data?.filePath ?? '';
    expect(path).toMatch(/^\/note\/export\/file\/[A-Za-z0-9_-]+$/);
    // Only the user who asked can fetch it.
    const other = await verifiedClient(server);
    expect((await other.client.raw(path)).status).toBe(404);

    const zipRes = await client.raw(path);
    expect(zipRes.status).toBe(200);
    expect(zipRes.headers.get('content-type')).toBe('application/zip');
    expect(zipRes.headers.get('content-disposition')).toContain("filename*=UTF-8''%E4%BE%BF%E7%AD%BE_");
    const entries = await unzip(Buffer.from(await zipRes.arrayBuffer()));
    const names = [...entries.keys()].sort();
    const imagePath = `images/${keyOf(img.cloud_path).slice(0, 16)}.jpg`;
    const recordPath = `recordings/${keyOf(rec.cloud_path).slice(0, 16)}.wav`;
    expect(names).toEqual(['0001-周末.md', '0002-abc.md', imagePath, recordPath].sort());
    expect(entries.get(recordPath)?.equals(wav)).toBe(true);
    expect((await sharp(entries.get(imagePath)).metadata()).format).toBe('jpeg');

    const { front, body } = readMarkdown(entries.get('0001-周末.md')?.toString('utf8') ?? '');
    expect(front).toEqual({
      title: '周末',
      subtitle: '采购',
      colour: 3,
      colour_name: '红色',
      created: new Date(first.note.create_date).toISOString(),
      modified: new Date(first.note.modified_date).toISOString(),
      pinned: true,
    });
    expect(body).toContain('# 周末\n\n## 采购\n');
    expect(body).toContain('记得带袋子  \n\\# 不是标题\n');
    expect(body).toContain('- [x] 牛奶\n- [ ] 鸡蛋\n');
    expect(body).toContain(`![图片](${imagePath})`);
    expect(body).toContain(`[录音：会议录音.wav](${recordPath})`);

    // The link lasts a day (a day later the session needs its verification again, too).
    server.clock.advance(DAY + 1000);
    await passVerification(server, client, user);
    expect((await client.raw(path)).status).toBe(404);
  });

  it('counts notes and their files in the backup usage; the note box status stays', async () => {
    const { client, user } = await verifiedClient(server);
    const bytes = await png('#123456');
    const img = await upload(client, 'u.png', bytes);
    await saveNote(client, { content: [text('用量'), { type: 'image', content: img.cloud_path }] });
    const usage = await notesModule.usage?.(server.deps, user.id);
    const fileSize = (await server.deps.blobs.stat(keyOf(img.cloud_path)))?.size ?? 0;
    expect(usage?.kind).toBe('backup');
    expect(usage?.bytes).toBeGreaterThan(fileSize);
    expect((await noteList(client)).list).toSatisfy((l: Record<string, { status: number }>) =>
      Object.values(l).every((n) => n.status === NoteStatus.BOX),
    );
  });
});
