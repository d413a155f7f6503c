import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * A backup folder: `blobs/ab/cd/<sha256>` shared by every backup in it (so a later one copies
 * only what is new), and one sub-folder per backup, named by its time, holding the database
 * copy, the session secret and `manifest.json`. The manifest is written last and atomically: a
 * sub-folder without one is a backup that did not finish.
 */
export const MANIFEST = 'manifest.json';
export const FORMAT_VERSION = 1;
export const SQLITE_FILE = 'phonecloud.sqlite';
export const PG_DUMP_FILE = 'database.pgdump';
export const SECRET_FILE = 'session-secret';

export interface FileEntry {
  file: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: number;
  createdAt: string;
  dialect: 'sqlite' | 'postgres';
  database: FileEntry;
  /** The data directory's session secret (it also encrypts stored TOTP secrets), when it had one. */
  secret: FileEntry | null;
  /** Rows per table in the copied database. */
  tables: Record<string, number>;
  /** PostgreSQL: the schema the dump holds (restored under the target's own schema name). */
  pgSchema?: string;
  /** PostgreSQL: the extensions the database had (a schema's dump leaves them out), by schema. */
  pgExtensions?: Array<{ name: string; schema: string }>;
  /** Every blob the copied database indexes; the key is the content's SHA-256. */
  blobs: Array<{ key: string; size: number; sha256: string }>;
}

export class BackupError extends Error {}

export function blobPath(root: string, key: string): string {
  if (!/^[0-9a-f]{64}$/.test(key)) throw new BackupError(`bad blob key: ${key}`);
  return path.join(root, key.slice(0, 2), key.slice(2, 4), key);
}

export async function sha256File(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(createReadStream(file, { highWaterMark: 1024 * 1024 }), async (source) => {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      size += chunk.length;
      hash.update(chunk);
    }
  });
  return { sha256: hash.digest('hex'), size };
}

export async function fsyncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes through a temp file, fsynced, then renamed: a reader sees the whole file or none. */
export async function writeAtomically(file: string, text: string): Promise<void> {
  const tmp = `${file}.tmp`;
  const handle = await open(tmp, 'w');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(tmp, file);
}

/** A folder name that sorts by time: 2026-11-28T07-52-19-123Z. */
export function stampOf(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

const STAMP = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/;

export interface BackupEntry {
  name: string;
  dir: string;
  manifest: Manifest | null;
}

/** The backups in `root`, oldest first; `manifest` is null for one that did not finish. */
export async function listBackups(root: string): Promise<BackupEntry[]> {
  if (!existsSync(root)) throw new BackupError(`no such backup folder: ${root}`);
  const names = (await readdir(root)).filter((n) => STAMP.test(n)).sort();
  const out: BackupEntry[] = [];
  for (const name of names) {
    const dir = path.join(root, name);
    const text = await readFile(path.join(dir, MANIFEST), 'utf8').catch(() => null);
    out.push({ name, dir, manifest: text === null ? null : parseManifest(text, name) });
  }
  return out;
}

function parseManifest(text: string, name: string): Manifest {
  let m: Partial<Manifest>;
  try {
    m = JSON.parse(text) as Partial<Manifest>;
  } catch {
    throw new BackupError(`${name}/${MANIFEST} is not JSON`);
  }
  if (m.format !== FORMAT_VERSION)
    throw new BackupError(`${name}/${MANIFEST}: format ${m.format}, this version reads ${FORMAT_VERSION}`);
  if (
    !m.database ||
    !Array.isArray(m.blobs) ||
    !m.tables ||
    (m.dialect !== 'sqlite' && m.dialect !== 'postgres')
  )
    throw new BackupError(`${name}/${MANIFEST} is incomplete`);
  return m as Manifest;
}

export async function removeQuietly(file: string): Promise<void> {
  await rm(file, { force: true, recursive: true });
}

/** Folders made here are the owner's only: a backup holds every account's data and the secret. */
export async function ensureDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
}
