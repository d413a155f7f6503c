import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import {
  Code,
  DRIVE_ROOT_NUMERIC_ID,
  TAKEOUT_KEEP_DAYS,
  TakeoutApi,
  type TakeoutJob,
  TakeoutMsg,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_MODULES } from '../src/app.js';
import { purgeExpired } from '../src/housekeeping.js';
import { registry } from '../src/lib/metrics.js';
import { FILE, ItemsRepo } from '../src/modules/drive/items-repo.js';
import { photosModule } from '../src/modules/photos/module.js';
import { importBackupFile } from '../src/modules/sms/backup/import.js';
import { SmsRepo } from '../src/modules/sms/repo.js';
import { takeoutModule } from '../src/modules/takeout/module.js';
import { BEAT_LAPSE_MS, Takeouts } from '../src/modules/takeout/service.js';
import { deleteUser } from '../src/modules/users/delete-user.js';
import type { TakeoutPart } from '../src/platform/takeout-part.js';
import { createUser, login, verifiedClient } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { closeServer } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { photosRead } from './support/photos.js';
import { startTestServer, type TestServer } from './support/server.js';

const run = promisify(execFile);
const PYTHON = '/usr/bin/python3';

/** Every build this process started has ended (no fixed wait: the builds' own promises). */
async function builds() {
  while (Takeouts.building.size > 0) await Promise.all([...Takeouts.building]);
}

async function status(client: TestClient): Promise<TakeoutJob | null> {
  const res = await client.get<{ job: TakeoutJob | null }>(TakeoutApi.status);
  expect(res.code).toBe(0);
  return res.data?.job ?? null;
}

/** The counter of takeout jobs for an event, as /metrics would answer it. */
async function counted(event: string): Promise<number> {
  const metric = await registry.getSingleMetric('phonecloud_takeout_jobs_total')?.get();
  return metric?.values.find((v) => v.labels.event === event)?.value ?? 0;
}

describe.each(TEST_DIALECTS)('导出全部数据 [%s]', (dialect) => {
  let server: TestServer;
  const dirs: string[] = [];
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await builds();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    await closeServer(server);
  });

  /**
   * A verified account with the demo's data of every area and one find-my-phone command. The
   * photos (a HEIC, a video: decoded, probed and thumbnailed in the background, the longest part
   * of a seed) only where the test reads them: the others need a takeout, not every area in it.
   */
  async function seeded(withPhotos = false) {
    const { client, user } = await verifiedClient(server);
    for (const m of AREA_MODULES)
      if (withPhotos || m !== photosModule) await m.seedDemo?.(server.deps, user.id);
    // The photos' times and places are read in the background: the folders follow them.
    if (withPhotos) await photosRead(server);
    const now = server.clock.now();
    await server.deps.db
      .insertInto('find_commands')
      .values({
        user_id: user.id,
        id: `cmd-${user.id}`,
        device_id: 'demo-phone',
        kind: 'ring',
        payload: '{}',
        status: 2,
        error: null,
        ip: '203.0.113.7',
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36',
        created_at: now - 60_000,
        received_at: now - 59_000,
        finished_at: now - 58_000,
      })
      .execute();
    return { client, user };
  }

  async function exportOf(client: TestClient) {
    const started = await client.post<TakeoutJob>(TakeoutApi.start, {});
    expect(started.code).toBe(0);
    expect(started.data?.state).toBe('running');
    expect(started.data?.total).toBeGreaterThan(0);
    await builds();
    const job = await status(client);
    expect(job?.error).toBeNull();
    expect(job?.state).toBe('ready');
    return job as TakeoutJob;
  }

  async function download(client: TestClient, job: TakeoutJob, headers: Record<string, string> = {}) {
    return client.raw(job.file_path ?? '', { headers });
  }

  it('zips every area: vCard read by vobject and khard, .ics by icalendar, SMS re-imported, drive files byte for byte, notes with their images', async () => {
    const { client, user } = await seeded(true);
    const startedBefore = await counted('started');
    const finishedBefore = await counted('finished');
    const job = await exportOf(client);
    expect(await counted('started')).toBe(startedBefore + 1);
    expect(await counted('finished')).toBe(finishedBefore + 1);
    expect(job.name).toMatch(/^全部数据_\d{8}_\d{6}\.zip$/);
    expect(job.expires_at).toBe(job.created_at + TAKEOUT_KEEP_DAYS * 86_400_000);

    const res = await download(client, job);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const zip = Buffer.from(await res.arrayBuffer());
    expect(zip.length).toBe(job.size);
    const dir = mkdtempSync(path.join(tmpdir(), 'takeout-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'all.zip'), zip);
    await run('unzip', ['-q', 'all.zip', '-d', 'out'], { cwd: dir });
    const out = path.join(dir, 'out');
    expect(readdirSync(out).sort()).toEqual(
      ['README.txt', '日程', '查找手机', '短信', '笔记', '网盘', '联系人', '相册'].sort(),
    );
    const readme = readFileSync(path.join(out, 'README.txt'), 'utf8');
    expect(readme).toMatch(/生成时间（北京时间）：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    for (const name of [
      'contacts.vcf',
      'contacts-google.csv',
      'sms-backup.xml',
      'calendar.ics',
      'history.csv',
    ])
      expect(readme).toContain(name);

    // Contacts: every live contact is a card python's vobject reads, with its name.
    const contacts = await server.deps.db
      .selectFrom('contacts')
      .select('id')
      .where('user_id', '=', user.id)
      .where('deleted_at', 'is', null)
      .execute();
    expect(contacts.length).toBeGreaterThan(0);
    const vcf = path.join(out, '联系人', 'contacts.vcf');
    const cards = await run(PYTHON, [
      '-c',
      'import sys, vobject\ncards = list(vobject.readComponents(open(sys.argv[1], encoding="utf-8").read()))\nprint(len(cards), sum(1 for c in cards if c.version.value == "3.0" and c.fn.value))',
      vcf,
    ]);
    expect(cards.stdout.trim()).toBe(`${contacts.length} ${contacts.length}`);
    // khard reads a folder of one card per file (a vdir): the file's cards, each in a file of its own.
    const book = path.join(dir, 'book');
    mkdirSync(book);
    const text = readFileSync(vcf, 'utf8');
    const split = text.split(/(?<=END:VCARD\r\n)/).filter((c) => c.trim());
    for (const [i, card] of split.entries()) writeFileSync(path.join(book, `${i}.vcf`), card);
    writeFileSync(
      path.join(dir, 'khard.conf'),
      `[addressbooks]\n[[book]]\npath = ${book}\n\n[general]\neditor = true\nmerge_editor = true\n`,
    );
    const khard = await run('/usr/bin/khard', ['-c', path.join(dir, 'khard.conf'), 'list', '--parsable'], {
      env: { ...process.env, HOME: dir },
    });
    expect(khard.stdout.trim().split('\n').length).toBe(contacts.length);
    const csv = readFileSync(path.join(out, '联系人', 'contacts-google.csv'), 'utf8');
    expect(csv.split('\r\n').filter(Boolean).length).toBe(contacts.length + 1);

    // Calendar: python's icalendar reads every event.
    const events = await server.deps.db
      .selectFrom('calendar_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(events.n)).toBeGreaterThan(0);
    const ics = await run(PYTHON, [
      '-c',
      'import sys, icalendar\ncal = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())\nprint(len(cal.walk("VEVENT")))',
      path.join(out, '日程', 'calendar.ics'),
    ]);
    expect(Number(ics.stdout.trim())).toBeGreaterThanOrEqual(Number(events.n));

    // Messages: the SMS import itself takes the file back, every message, on a fresh account.
    const count = await new SmsRepo(server.deps.db).countMessages(user.id);
    expect(count).toBeGreaterThan(0);
    const other = await createUser(server);
    const report = await importBackupFile(server.deps, other.id, path.join(out, '短信', 'sms-backup.xml'));
    expect(report.broken).toEqual([]);
    expect(await new SmsRepo(server.deps.db).countMessages(other.id)).toBe(count);

    // Drive: every live file at its path, byte for byte.
    const tree = await new ItemsRepo(server.deps.db).subtree(server.deps.db, user.id, DRIVE_ROOT_NUMERIC_ID);
    const files = tree.filter((i) => i.kind === FILE);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const bytes = readFileSync(path.join(out, '网盘', ...f.path.split('/')));
      expect(createHash('sha256').update(bytes).digest('hex'), f.path).toBe(f.blob_key);
    }

    // Notes: one Markdown per live note, and every image a note shows, under images/.
    const notes = await server.deps.db
      .selectFrom('notes')
      .select('files')
      .where('user_id', '=', user.id)
      .where('deleted_at', 'is', null)
      .execute();
    const md = readdirSync(path.join(out, '笔记')).filter((n) => n.endsWith('.md'));
    expect(md.length).toBe(notes.length);
    const shown = new Set(notes.flatMap((n) => JSON.parse(n.files) as string[]));
    const images = await server.deps.db
      .selectFrom('note_files')
      .select('id')
      .where('user_id', '=', user.id)
      .where('kind', '=', 1)
      .execute();
    const wanted = images.filter((i) => shown.has(i.id));
    expect(wanted.length).toBeGreaterThan(0);
    const inZip = readdirSync(path.join(out, '笔记', 'images'));
    for (const i of wanted) expect(inZip.some((n) => n.startsWith(i.id.slice(0, 16)))).toBe(true);

    // Photos: every original not in the bin, by year and month, byte for byte, and their list.
    const photos = await server.deps.db
      .selectFrom('photos')
      .select(['sha256', 'name', 'taken_at'])
      .where('user_id', '=', user.id)
      .where('trashed_at', 'is', null)
      .execute();
    expect(photos.length).toBeGreaterThan(0);
    const list = readFileSync(path.join(out, '相册', 'photos.csv'), 'utf8');
    expect(list.split('\r\n').filter(Boolean).length).toBe(photos.length + 1);
    for (const p of photos) {
      const d = new Date(p.taken_at);
      const month = String(d.getUTCMonth() + 1).padStart(2, '0');
      const file = path.join(out, '相册', String(d.getUTCFullYear()), month, p.name);
      expect(createHash('sha256').update(readFileSync(file)).digest('hex'), p.name).toBe(p.sha256);
      expect(list).toContain(`${d.getUTCFullYear()}/${month}/${p.name}`);
    }

    // Find my phone: the history with the command's row.
    const history = readFileSync(path.join(out, '查找手机', 'history.csv'), 'utf8');
    expect(history).toContain('响铃');
    expect(history).toContain('203.0.113.7');
  });

  it('resumes a download with Range: the two halves are the whole', async () => {
    const { client } = await seeded();
    const job = await exportOf(client);
    const whole = Buffer.from(await (await download(client, job)).arrayBuffer());
    const half = Math.floor(whole.length / 2);
    const first = await download(client, job, { range: `bytes=0-${half - 1}` });
    expect(first.status).toBe(206);
    const etag = first.headers.get('etag') ?? '';
    const rest = await download(client, job, { range: `bytes=${half}-`, 'if-range': etag });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(`bytes ${half}-${whole.length - 1}/${whole.length}`);
    const joined = Buffer.concat([
      Buffer.from(await first.arrayBuffer()),
      Buffer.from(await rest.arrayBuffer()),
    ]);
    expect(joined.equals(whole)).toBe(true);
  });

  it('refuses another user’s takeout and every call without a fresh verification', async () => {
    const { client, user } = await seeded();
    const job = await exportOf(client);
    const other = await verifiedClient(server);
    expect((await download(other.client, job)).status).toBe(404);
    expect(await status(other.client)).toBeNull();

    // The same account in a new session that has not verified: 6001 everywhere.
    const fresh = server.client();
    await login(fresh, user.username, user.password);
    expect((await fresh.post(TakeoutApi.start, {})).code).toBe(Code.VERIFY_REQUIRED);
    expect((await fresh.get(TakeoutApi.status)).code).toBe(Code.VERIFY_REQUIRED);
    const refused = await download(fresh, job);
    expect(((await refused.json()) as { code: number }).code).toBe(Code.VERIFY_REQUIRED);
    // Signed out: 2002.
    expect((await server.client().get(TakeoutApi.status)).code).toBe(Code.NOT_LOGGED_IN);
    // A verification past its time counts as none.
    server.clock.advance(server.deps.config.verifyTtlMinutes * 60_000 + 1);
    expect((await client.get(TakeoutApi.status)).code).toBe(Code.VERIFY_REQUIRED);
  });

  it('expires after seven days: the file is refused and its blob collected', async () => {
    const { client, user } = await seeded();
    const job = await exportOf(client);
    const row = await server.deps.db
      .selectFrom('takeout_jobs')
      .select('blob_key')
      .where('user_id', '=', user.id)
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    const key = row.blob_key ?? '';
    expect(await server.deps.blobs.stat(key)).not.toBeNull();
    server.clock.advance(TAKEOUT_KEEP_DAYS * 86_400_000 + 1);
    await purgeExpired(server.deps);
    // Verified again: the old verification lapsed with the days.
    const again = await verifiedClient(server, user);
    expect((await download(again.client, job)).status).toBe(404);
    expect(await status(again.client)).toBeNull();
    // Past the blob grace the bytes go.
    server.clock.advance(2 * 3600_000);
    await purgeExpired(server.deps);
    expect(await server.deps.blobs.stat(key)).toBeNull();
  });

  it('one running job per user; a job its process left is failed, then a new one starts', async () => {
    const { client, user } = await seeded();
    // A job a dead process left: running, owned by nobody alive, its beat stopped.
    const now = server.clock.now();
    await server.deps.db
      .insertInto('takeout_jobs')
      .values({
        user_id: user.id,
        id: 'left-behind',
        state: 'running',
        done: 10,
        total: 100,
        size: null,
        blob_key: null,
        name: 'x.zip',
        error: null,
        worker: 'dead-process',
        heartbeat_at: now,
        created_at: now,
        finished_at: null,
        expires_at: null,
      })
      .execute();
    // Still beating: the start answers that job, and makes no second one.
    const same = await client.post<TakeoutJob>(TakeoutApi.start, {});
    expect(same.data?.id).toBe('left-behind');
    expect(Takeouts.building.size).toBe(0);
    // Its beat lapsed: it is failed, with the text saying why.
    server.clock.advance(BEAT_LAPSE_MS + 1);
    const failedBefore = await counted('failed');
    const lapsed = await status(client);
    expect(lapsed?.state).toBe('failed');
    expect(lapsed?.error).toBe(TakeoutMsg.INTERRUPTED);
    expect(await counted('failed')).toBe(failedBefore + 1);
    const job = await exportOf(client);
    expect(job.id).not.toBe('left-behind');

    // Two starts at once (two tabs, two instances): one job.
    server.clock.advance(1000);
    const [a, b] = await Promise.all([
      client.post<TakeoutJob>(TakeoutApi.start, {}),
      client.post<TakeoutJob>(TakeoutApi.start, {}),
    ]);
    await builds();
    expect(a.data?.id).toBe(b.data?.id);
    const running = await server.deps.db
      .selectFrom('takeout_jobs')
      .select('id')
      .where('user_id', '=', user.id)
      .where('created_at', '=', server.clock.now())
      .execute();
    expect(running.map((r) => r.id)).toEqual([a.data?.id]);
  });

  it('a file that cannot be read fails the takeout, with the text the page shows', async () => {
    const { client, user } = await seeded();
    const tree = await new ItemsRepo(server.deps.db).subtree(server.deps.db, user.id, DRIVE_ROOT_NUMERIC_ID);
    const file = tree.find((i) => i.kind === FILE && i.blob_key);
    // The item names content the store does not have (a lost blob): its entry cannot be opened.
    await server.deps.db
      .updateTable('drive_items')
      .set({ blob_key: 'f'.repeat(64) })
      .where('user_id', '=', user.id)
      .where('id', '=', file?.id ?? 0)
      .execute();
    const failedBefore = await counted('failed');
    expect((await client.post<TakeoutJob>(TakeoutApi.start, {})).code).toBe(0);
    await builds();
    const job = await status(client);
    expect(job?.state).toBe('failed');
    expect(job?.error).toBe(TakeoutMsg.FAILED);
    expect(job?.file_path).toBeNull();
    expect(await counted('failed')).toBe(failedBefore + 1);
    const row = await server.deps.db
      .selectFrom('takeout_jobs')
      .select('blob_key')
      .where('user_id', '=', user.id)
      .where('id', '=', job?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(row.blob_key).toBeNull();
  });

  it('account deletion releases the takeout’s blob', async () => {
    const { client, user } = await seeded();
    const job = await exportOf(client);
    const row = await server.deps.db
      .selectFrom('takeout_jobs')
      .select('blob_key')
      .where('user_id', '=', user.id)
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    await deleteUser(server.deps, AREA_MODULES, user.id);
    const blob = await server.deps.db
      .selectFrom('drive_blobs')
      .select('ref_count')
      .where('key', '=', row.blob_key ?? '')
      .executeTakeFirstOrThrow();
    expect(Number(blob.ref_count)).toBe(0);
  });
});

/** A part whose one file is opened only when the test lets it: a takeout that stays running. */
function heldPart() {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const part: TakeoutPart = {
    folder: '慢',
    readme: [{ path: 'a.bin', text: '测试' }],
    estimate: async () => 4096,
    async *entries() {
      yield {
        name: 'a.bin',
        size: 4096,
        open: async () => {
          await held;
          return Readable.from([Buffer.alloc(4096, 1)]);
        },
      };
    },
  };
  return { part, release };
}

describe.each(TEST_DIALECTS)('导出全部数据 while it runs [%s]', (dialect) => {
  it('shows its progress, and a server that stops fails it at once with the text saying why', async () => {
    const { part, release } = heldPart();
    const area = { name: 'slow', routes: async () => {}, takeout: part };
    const server = await startTestServer(dialect, { areas: [area, takeoutModule([area])] });
    try {
      const { client, user } = await verifiedClient(server);
      const started = await client.post<TakeoutJob>(TakeoutApi.start, {});
      expect(started.data?.state).toBe('running');
      expect(started.data?.total).toBe(4096);
      const running = await status(client);
      expect(running?.state).toBe('running');
      expect(running?.file_path).toBeNull();
      // Still running after any time its process keeps beating: a later start answers it.
      expect((await client.post<TakeoutJob>(TakeoutApi.start, {})).data?.id).toBe(started.data?.id);

      await server.app.close();
      const row = await server.deps.db
        .selectFrom('takeout_jobs')
        .select(['state', 'error'])
        .where('user_id', '=', user.id)
        .where('id', '=', started.data?.id ?? '')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ state: 'failed', error: TakeoutMsg.INTERRUPTED });
      // The build, let go, cannot make the failed job ready.
      release();
      await builds();
      const after = await server.deps.db
        .selectFrom('takeout_jobs')
        .select(['state', 'blob_key'])
        .where('user_id', '=', user.id)
        .execute();
      expect(after).toEqual([{ state: 'failed', blob_key: null }]);
    } finally {
      release();
      await builds();
      await server.close();
    }
  });
});
