import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SESSION_COOKIE, type V1File, type V1UploadUrl } from '@phonecloud/shared';
import { expect } from 'vitest';
import type { Manifest } from '../../src/cli/backup/layout.js';
import type { DbHandle } from '../../src/db/index.js';
import { SERVER_DIR, seedVerifiedSession } from './built-server.js';
import { TestClient } from './client.js';
import { names as contactNames, person, save } from './contacts.js';
import { sha256 } from './drive.js';

export interface AdminRun {
  code: number;
  out: string;
  err: string;
}

/** Runs `npm run admin -- ...` as the operator does (the built CLI) with these settings. */
export function runAdmin(env: Record<string, string>, args: string[]): Promise<AdminRun> {
  return new Promise((ok) => {
    const child = spawn(process.execPath, [path.join(SERVER_DIR, 'dist/admin.js'), ...args], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', SEED_DEMO: '0', LOG_LEVEL: 'warn', ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('close', (code) => ok({ code: code ?? -1, out, err }));
  });
}

export function blobFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /^[0-9a-f]{64}$/.test(d.name))
    .map((d) => path.join(d.parentPath, d.name))
    .sort();
}

export function backupsIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((n) => n !== 'blobs')
    .sort();
}

export function manifestOf(dir: string, name: string): Manifest {
  return JSON.parse(readFileSync(path.join(dir, name, 'manifest.json'), 'utf8')) as Manifest;
}

/** An account with a session past the second verification, written where the server finds it. */
export async function seedAccount(handle: DbHandle, username: string): Promise<string> {
  const cookie = randomBytes(32).toString('base64url');
  await seedVerifiedSession(handle, username, cookie);
  return cookie;
}

/** A client of the built server at `port` holding the seeded session, its drive opened. */
export async function sessionClient(port: number, cookie: string): Promise<TestClient> {
  const c = new TestClient(`http://127.0.0.1:${port}`);
  c.cookies.set(SESSION_COOKIE, cookie);
  expect((await c.get('/user/refreshYun.do')).code).toBe(0);
  return c;
}

/** A file through the older drive's upload host, as the portal sends it; answers its id. */
export async function uploadFile(c: TestClient, name: string, bytes: Buffer): Promise<number> {
  const up = (await c.post<V1UploadUrl>('/v1/files/uploadUrl.json')).data as V1UploadUrl;
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const qs = new URLSearchParams({ size: String(bytes.length), filename: name, pid: '999', token: up.token });
  const res = await fetch(`${up.secureUploadDomain}/rest/4.0/file?${qs}&duplicatePolicy=2`, {
    method: 'POST',
    body: form,
  });
  const body = (await res.json()) as { code: number; data?: V1File };
  expect(body.code).toBe(0);
  return body.data?.id ?? 0;
}

export async function download(c: TestClient, id: number): Promise<Buffer> {
  const url = await c.post<{ url: string }>('/v1/files/downloadUrl.json', { ids: String(id) });
  return Buffer.from(await (await fetch(url.data?.url ?? '')).arrayBuffer());
}

/** What the writers finished: each contact's name and each file's id and bytes, with when. */
export interface Written {
  contacts: Array<{ name: string; doneAt: number }>;
  files: Array<{ id: number; sha256: string; doneAt: number }>;
}

/**
 * `n` clients writing at once until `stop()`: each saves contacts and, every third write, uploads
 * a small file. Answers a handle whose `done` settles when every writer has finished its write.
 */
export function startWriters(c: TestClient, n: number) {
  const written: Written = { contacts: [], files: [] };
  let writing = true;
  const done = Promise.all(
    Array.from({ length: n }, async (_, w) => {
      for (let k = 0; writing; k++) {
        if (k % 3 === 2) {
          const bytes = randomBytes(4096 + w * 100 + k);
          const id = await uploadFile(c, `w${w}-${k}.bin`, bytes);
          written.files.push({ id, sha256: sha256(bytes), doneAt: Date.now() });
        } else {
          const name = `写入者${w}-${k}`;
          await save(c, person(name));
          written.contacts.push({ name, doneAt: Date.now() });
        }
      }
    }),
  );
  return {
    written,
    async stop() {
      writing = false;
      await done;
    },
  };
}

type Row = Record<string, unknown>;
/** Tables the writers only add to: a restored row must be the live row with its key, unchanged. */
const APPEND_ONLY: Array<{ table: 'contacts' | 'drive_items' | 'drive_blobs'; key: string[] }> = [
  { table: 'contacts', key: ['user_id', 'id'] },
  { table: 'drive_items', key: ['user_id', 'id'] },
  { table: 'drive_blobs', key: ['key'] },
];

/**
 * The restored database against the manifest (rows per table) and the live one (every row of
 * the tables the writers only add to, field by field); answers the restored rows by table.
 */
export async function compareRows(restored: DbHandle, live: DbHandle, manifest: Manifest) {
  const out: Record<string, Row[]> = {};
  for (const [table, count] of Object.entries(manifest.tables)) {
    if (table.startsWith('kysely_')) continue;
    const rows = (await restored.db
      // biome-ignore lint/suspicious/noExplicitAny: every table of the schema, by name
      .selectFrom(table as any)
      .selectAll()
      .execute()) as Row[];
    expect(rows.length, `rows of ${table}`).toBe(count);
    out[table] = rows;
  }
  for (const { table, key } of APPEND_ONLY) {
    const liveRows = (await live.db.selectFrom(table).selectAll().execute()) as Row[];
    const byKey = new Map(liveRows.map((r) => [key.map((k) => r[k]).join('/'), r]));
    const rows = out[table] ?? [];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      // A blob's reference count and touched_at move with uploads still in flight at the
      // backup's moment (stored, not yet an item): its content fields must match.
      const { touched_at: _t, ref_count: _r, ...got } = r;
      const { touched_at: _l, ref_count: _q, ...was } = byKey.get(key.map((k) => r[k]).join('/')) ?? {};
      expect(was, `${table} row ${JSON.stringify(got)}`).toEqual(got);
    }
  }
  return out;
}

/**
 * What a server on the restored data serves: every contact and file the writers finished before
 * the backup began, and of the later ones only whole ones (a file's bytes exactly as uploaded).
 */
export async function compareServed(c: TestClient, written: Written, startedAt: number) {
  const names = new Set(await contactNames(c));
  const before = written.contacts.filter((w) => w.doneAt < startedAt);
  expect(before.length).toBeGreaterThan(0);
  for (const w of before) expect(names.has(w.name), w.name).toBe(true);
  const all = new Set(written.contacts.map((w) => w.name));
  for (const n of names) if (n.startsWith('写入者')) expect(all.has(n), n).toBe(true);
  const filesBefore = written.files.filter((f) => f.doneAt < startedAt);
  expect(filesBefore.length).toBeGreaterThan(0);
  for (const f of filesBefore) expect(sha256(await download(c, f.id))).toBe(f.sha256);
}
