import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SESSION_COOKIE, type V1File, type V1UploadUrl } from '@phonecloud/shared';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../src/cli/backup/layout.js';
import { openDb } from '../src/db/index.js';
import { hashPassword } from '../src/lib/credentials/password.js';
import { UsersRepo } from '../src/modules/users/repo.js';
import { BlobIndex } from '../src/storage/blob-index.js';
import { FsBlobStore } from '../src/storage/fs-store.js';
import { runAdmin } from './support/backup.js';
import {
  type BuiltServer,
  buildServer,
  freePort,
  schemaUrl,
  seedVerifiedSession,
  startBuiltServer,
} from './support/built-server.js';
import { TestClient } from './support/client.js';
import { person, save } from './support/contacts.js';
import { sha256 } from './support/drive.js';
import { keyOf, saveNote, text, upload as uploadNoteFile } from './support/notes.js';

const admin = (dataDir: string, ...args: string[]) => runAdmin({ DATA_DIR: dataDir }, args);

function blobFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /^[0-9a-f]{64}$/.test(d.name))
    .map((d) => path.join(d.parentPath, d.name))
    .sort();
}

function rowCounts(file: string): Record<string, number> {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    const names = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[];
    return Object.fromEntries(
      names.map((n) => [n, db.prepare(`SELECT count(*) FROM "${n}"`).pluck().get() as number]),
    );
  } finally {
    db.close();
  }
}

/** Every blob key any row of any table names (columns called blob_key). */
function referencedKeys(file: string): Set<string> {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    const keys = new Set<string>();
    const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    for (const n of names) {
      const cols = db.prepare(`PRAGMA table_info("${n}")`).all() as Array<{ name: string }>;
      if (!cols.some((c) => c.name === 'blob_key')) continue;
      const rows = db
        .prepare(`SELECT DISTINCT blob_key FROM "${n}" WHERE blob_key IS NOT NULL`)
        .pluck()
        .all();
      for (const k of rows as string[]) keys.add(k);
    }
    return keys;
  } finally {
    db.close();
  }
}

function backupsIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((n) => n !== 'blobs')
    .sort();
}

function manifestOf(dir: string, name: string): Manifest {
  return JSON.parse(readFileSync(path.join(dir, name, 'manifest.json'), 'utf8')) as Manifest;
}

describe('backup and restore [sqlite]', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'pc-backup-'));
  const dataDir = path.join(work, 'data');
  const backupDir = path.join(work, 'backup');
  const restoredDir = path.join(work, 'restored');
  const cookie = randomBytes(32).toString('base64url');
  const servers: BuiltServer[] = [];
  let client: TestClient;
  const uploaded = new Map<number, Buffer>();
  let noteImage = '';

  const start = async (dir: string) => {
    const s = await startBuiltServer(await freePort(), { DATA_DIR: dir, WEB_DIST: path.join(dir, 'no-web') });
    servers.push(s);
    const c = new TestClient(`http://127.0.0.1:${s.port}`);
    c.cookies.set(SESSION_COOKIE, cookie);
    expect((await c.get('/user/refreshYun.do')).code).toBe(0);
    return { server: s, client: c };
  };

  const upload = async (c: TestClient, name: string, bytes: Buffer) => {
    const up = (await c.post<V1UploadUrl>('/v1/files/uploadUrl.json')).data as V1UploadUrl;
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    const qs = new URLSearchParams({
      size: String(bytes.length),
      filename: name,
      pid: '999',
      token: up.token,
    });
    const res = await fetch(`${up.secureUploadDomain}/rest/4.0/file?${qs}&duplicatePolicy=2`, {
      method: 'POST',
      body: form,
    });
    const body = (await res.json()) as { code: number; data?: V1File };
    expect(body.code).toBe(0);
    const id = body.data?.id ?? 0;
    uploaded.set(id, bytes);
    return id;
  };

  const download = async (c: TestClient, id: number) => {
    const url = await c.post<{ url: string }>('/v1/files/downloadUrl.json', { ids: String(id) });
    return Buffer.from(await (await fetch(url.data?.url ?? '')).arrayBuffer());
  };

  beforeAll(async () => {
    buildServer();
    // The account and a verified session, written where the server will find them.
    mkdirSync(dataDir);
    const handle = await openDb({ dataDir });
    await seedVerifiedSession(handle, 'keeper', cookie, '13911113333');
    await handle.close();
    ({ client } = await start(dataDir));
    for (const name of ['张三', '李四', '王五']) await save(client, person(name));
    await upload(client, 'a.bin', randomBytes(300_000));
    await upload(client, 'b.txt', Buffer.from('一份笔记'));
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const image = await uploadNoteFile(client, 'photo.png', png);
    noteImage = image.cloud_path;
    await saveNote(client, { content: [text('带图的笔记'), { type: 'image', content: image.cloud_path }] });
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) {
      if (s.proc.exitCode === null) {
        s.proc.kill('SIGTERM');
        await new Promise((r) => s.proc.once('exit', r));
      }
    }
    rmSync(work, { recursive: true, force: true });
  });

  it('backs up while the server writes, verifies, and restores into a server with the same data', {
    timeout: 120_000,
  }, async () => {
    // Writes go on through the whole backup: contacts saved one after another and an upload.
    let writing = true;
    let saved = 0;
    const writer = (async () => {
      while (writing) await save(client, person(`写入中${saved++}`));
    })();
    const during = upload(client, 'during.bin', randomBytes(2_000_000));
    const made = await admin(dataDir, 'backup', 'create', backupDir);
    writing = false;
    await Promise.all([writer, during]);
    expect(made.code, made.err).toBe(0);
    expect(saved).toBeGreaterThan(0);

    const verified = await admin(dataDir, 'backup', 'verify', backupDir);
    expect(verified.code, verified.err).toBe(0);
    expect(verified.out).toContain('backup ok: 1 backups');

    const [name = ''] = backupsIn(backupDir);
    const manifest = manifestOf(backupDir, name);
    expect(manifest.dialect).toBe('sqlite');
    expect(manifest.tables.drive_items).toBeGreaterThanOrEqual(2);
    expect(manifest.blobs.length).toBeGreaterThanOrEqual(2);
    expect(blobFiles(path.join(backupDir, 'blobs')).map((f) => path.basename(f))).toEqual(
      manifest.blobs.map((b) => b.key).sort(),
    );

    const restored = await admin(restoredDir, 'restore', backupDir);
    expect(restored.code, restored.err).toBe(0);
    expect(rowCounts(path.join(restoredDir, 'phonecloud.sqlite'))).toEqual(manifest.tables);
    // The session secret came along: it also encrypts the accounts' stored TOTP secrets.
    expect(readFileSync(path.join(restoredDir, 'session-secret'), 'utf8')).toBe(
      readFileSync(path.join(dataDir, 'session-secret'), 'utf8'),
    );
    const restoredBlobs = blobFiles(path.join(restoredDir, 'blobs'));
    expect(restoredBlobs.map((f) => sha256(readFileSync(f)))).toEqual(
      manifest.blobs.map((b) => b.key).sort(),
    );
    // Consistent: whatever a restored row names, including rows written during the backup, is there.
    const present = new Set(restoredBlobs.map((f) => path.basename(f)));
    const named = [...referencedKeys(path.join(restoredDir, 'phonecloud.sqlite'))];
    expect(named.length).toBeGreaterThanOrEqual(3);
    expect(named.filter((k) => !present.has(k))).toEqual([]);

    // The restored data directory serves: the same session, contacts
    // and the files' bytes as they were uploaded before the backup.
    const again = await start(restoredDir);
    const list = await again.client.get<{ list: Record<string, unknown> }>('/contact/list.do');
    expect(Object.keys(list.data?.list ?? {}).length).toBe(manifest.tables.contacts);
    const [first, second] = [...uploaded.keys()];
    for (const id of [first ?? 0, second ?? 0])
      expect(sha256(await download(again.client, id))).toBe(sha256(uploaded.get(id) ?? Buffer.alloc(0)));

    const served = await again.client.raw(noteImage);
    expect(served.status).toBe(200);
    expect(manifest.blobs.map((b) => b.key)).toContain(keyOf(noteImage));
    expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(keyOf(noteImage));

    // A non-empty data directory is not overwritten without --force.
    again.server.proc.kill('SIGTERM');
    await new Promise((r) => again.server.proc.once('exit', r));
    const refused = await admin(restoredDir, 'restore', backupDir);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('--force');
    expect((await admin(restoredDir, 'restore', backupDir, '--force')).code).toBe(0);
  });

  it('copies only new blobs into the same folder the second time, keeping the first backup', {
    timeout: 60_000,
  }, async () => {
    const before = blobFiles(path.join(backupDir, 'blobs'));
    const mtimes = before.map((f) => statSync(f).mtimeMs);
    const fresh = randomBytes(100_000);
    await upload(client, 'new.bin', fresh);
    const made = await admin(dataDir, 'backup', 'create', backupDir);
    expect(made.code, made.err).toBe(0);
    expect(made.out).toMatch(/\(1 copied, \d+ already there\)/);
    const after = blobFiles(path.join(backupDir, 'blobs'));
    expect(after.filter((f) => !before.includes(f)).map((f) => path.basename(f))).toEqual([sha256(fresh)]);
    expect(before.map((f) => statSync(f).mtimeMs)).toEqual(mtimes);
    expect(backupsIn(backupDir)).toHaveLength(2);
    const verified = await admin(dataDir, 'backup', 'verify', backupDir);
    expect(verified.out).toContain('backup ok: 2 backups');
  });

  it('fails verification on a damaged blob, a damaged database copy and a missing manifest', {
    timeout: 60_000,
  }, async () => {
    const [older = '', newer = ''] = backupsIn(backupDir);
    const blob = blobFiles(path.join(backupDir, 'blobs'))[0] ?? '';
    const original = readFileSync(blob);
    const damaged = Buffer.from(original);
    damaged[0] = (damaged[0] ?? 0) ^ 0xff;
    writeFileSync(blob, damaged);
    let r = await admin(dataDir, 'backup', 'verify', backupDir);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`blob ${path.basename(blob)}: damaged`);
    // Restore refuses a backup that does not verify.
    const target = path.join(work, 'refused');
    expect((await admin(target, 'restore', backupDir)).code).toBe(1);
    writeFileSync(blob, original);
    expect((await admin(dataDir, 'backup', 'verify', backupDir)).code).toBe(0);

    const dbCopy = path.join(backupDir, older, 'phonecloud.sqlite');
    const db = readFileSync(dbCopy);
    writeFileSync(dbCopy, Buffer.concat([db, Buffer.from('x')]));
    r = await admin(dataDir, 'backup', 'verify', backupDir);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${older}/phonecloud.sqlite: damaged`);
    writeFileSync(dbCopy, db);

    // A backup killed before its manifest was written.
    unlinkSync(path.join(backupDir, newer, 'manifest.json'));
    r = await admin(dataDir, 'backup', 'verify', backupDir);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${newer}: no manifest.json, an unfinished backup`);
    // Restore takes the newest finished one.
    const chosen = await admin(path.join(work, 'older'), 'restore', backupDir);
    expect(chosen.code, chosen.err).toBe(0);
    expect(chosen.out).toContain(`restored backup ${older}`);
  });

  it('refuses a data directory without a database, and a store missing a referenced blob, leaving no backup', async () => {
    const none = await admin(path.join(work, 'nothing'), 'backup', 'create', path.join(work, 'b0'));
    expect(none.code).toBe(1);
    expect(none.err).toContain('no database in');

    // A live blob cut short fails the backup by its size; one whose bytes changed in place is
    // copied as it is (not read back) and `verify` names it (the store check marks it live).
    const [cutBytes, rotBytes] = [...uploaded.values()].slice(-2);
    const liveFile = (key: string) =>
      blobFiles(path.join(dataDir, 'blobs')).find((f) => path.basename(f) === key) ?? '';
    const cut = liveFile(sha256(cutBytes ?? Buffer.alloc(0)));
    writeFileSync(cut, (cutBytes ?? Buffer.alloc(0)).subarray(1));
    const cutTarget = path.join(work, 'b-cut');
    const cutRun = await admin(dataDir, 'backup', 'create', cutTarget);
    expect(cutRun.code).toBe(1);
    expect(cutRun.err).toContain(
      `blob ${path.basename(cut)} is damaged at its source (${(cutBytes?.length ?? 0) - 1} bytes where the database says ${cutBytes?.length}`,
    );
    writeFileSync(cut, cutBytes ?? Buffer.alloc(0));
    const rot = liveFile(sha256(rotBytes ?? Buffer.alloc(0)));
    const rotten = Buffer.from(rotBytes ?? Buffer.alloc(0));
    rotten[0] = (rotten[0] ?? 0) ^ 0xff;
    writeFileSync(rot, rotten);
    const rotTarget = path.join(work, 'b-rot');
    expect((await admin(dataDir, 'backup', 'create', rotTarget)).code).toBe(0);
    const rotVerify = await admin(dataDir, 'backup', 'verify', rotTarget);
    expect(rotVerify.code).toBe(1);
    expect(rotVerify.err).toContain(`blob ${path.basename(rot)}: damaged`);
    writeFileSync(rot, rotBytes ?? Buffer.alloc(0));

    const lost = sha256(uploaded.values().next().value ?? Buffer.alloc(0));
    unlinkSync(blobFiles(path.join(dataDir, 'blobs')).find((f) => path.basename(f) === lost) ?? '');
    const target = path.join(work, 'b1');
    const r = await admin(dataDir, 'backup', 'create', target);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`blob ${lost} is referenced by the database but missing from the blob store`);
    expect(readdirSync(target).filter((n) => n !== 'blobs')).toEqual([]);
  }, 60_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('backup [postgres]', () => {
  const base = process.env.TEST_DATABASE_URL ?? '';
  const work = mkdtempSync(path.join(tmpdir(), 'pc-backup-pg-'));
  const dataDir = path.join(work, 'data');
  const backupDir = path.join(work, 'backup');
  const schema = `backup_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const env = { DATA_DIR: dataDir, DATABASE_URL: schemaUrl(base, schema) };
  const bytes = randomBytes(50_000);

  beforeAll(async () => {
    buildServer();
    mkdirSync(dataDir);
    const handle = await openDb({ dataDir, databaseUrl: base, pgSchema: schema });
    const now = Date.now();
    await new UsersRepo(handle.db).create(
      { username: 'pgkeeper', passwordHash: await hashPassword('secret123'), phone: '13911114444' },
      now,
    );
    const store = new FsBlobStore(path.join(dataDir, 'blobs'));
    const index = new BlobIndex(handle.db);
    await index.storeHeld(store, bytes, now, async () => true);
    await handle.close();
  }, 60_000);

  afterAll(async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await c.end();
    rmSync(work, { recursive: true, force: true });
  });

  it('dumps the schema with pg_dump in one snapshot, with its blobs, and verifies', {
    timeout: 60_000,
  }, async () => {
    const made = await runAdmin(env, ['backup', 'create', backupDir]);
    expect(made.code, made.err).toBe(0);
    const [name = ''] = backupsIn(backupDir);
    const manifest = manifestOf(backupDir, name);
    expect(manifest.dialect).toBe('postgres');
    expect(manifest.database.file).toBe('database.pgdump');
    expect(manifest.tables.users).toBe(1);
    expect(manifest.blobs.map((b) => b.key)).toEqual([sha256(bytes)]);
    const listed = execFileSync('pg_restore', ['--list', path.join(backupDir, name, 'database.pgdump')], {
      encoding: 'utf8',
    });
    expect(listed).toContain(`TABLE DATA ${schema} users`);
    expect((await runAdmin(env, ['backup', 'verify', backupDir])).code).toBe(0);
    expect(manifest.pgExtensions?.map((e) => e.name) ?? []).toContain('pg_trgm');
    // The live schema holds tables: restoring over it is refused without --force.
    const restore = await runAdmin(env, ['restore', backupDir]);
    expect(restore.code).toBe(1);
    expect(restore.err).toContain('already holds');
  });

  it('refuses without pg_dump on PATH, leaving no backup behind', { timeout: 60_000 }, async () => {
    const empty = path.join(work, 'empty-path');
    mkdirSync(empty);
    const r = await runAdmin({ ...env, PATH: empty }, ['backup', 'create', path.join(work, 'none')]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('pg_dump was not found on PATH');
    expect(existsSync(path.join(work, 'none'))).toBe(false);
  });
});
