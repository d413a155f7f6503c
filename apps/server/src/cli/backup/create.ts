import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, copyFile, stat } from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../../config.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { FsBlobStore } from '../../storage/fs-store.js';
import { COPY_CONCURRENCY, copyBlob, forEachAtOnce, SyncBatch, storeSource } from './copy-blob.js';
import {
  BackupError,
  ensureDir,
  type FileEntry,
  FORMAT_VERSION,
  fsyncFile,
  MANIFEST,
  type Manifest,
  PG_DUMP_FILE,
  removeQuietly,
  SECRET_FILE,
  SQLITE_FILE,
  sha256File,
  stampOf,
  writeAtomically,
} from './layout.js';

interface IndexedBlob {
  key: string;
  size: number;
  ref_count: number;
}

/** What a database copy holds: its file, its rows per table and the blobs it indexes. */
interface Snapshot {
  file: string;
  tables: Record<string, number>;
  blobs: IndexedBlob[];
  /** PostgreSQL: the schema dumped and the extensions its tables may use. */
  schema?: string;
  extensions?: Array<{ name: string; schema: string }>;
}

export interface CreateResult {
  dir: string;
  manifest: Manifest;
  copied: number;
}

/**
 * An online backup into `root`: a consistent copy of the database first, then the blobs that
 * copy indexes (those already in `root` are kept), then the manifest, last.
 */
export async function createBackup(root: string, config: Config): Promise<CreateResult> {
  if (config.databaseUrl) requirePgDump();
  else if (!existsSync(path.join(config.dataDir, SQLITE_FILE)))
    throw new BackupError(`no database in ${config.dataDir} (DATA_DIR): nothing to back up`);
  const createdAt = new Date();
  const dir = path.join(root, stampOf(createdAt));
  await ensureDir(dir);
  try {
    return await backUpInto(dir, config, createdAt, path.join(root, 'blobs'));
  } catch (err) {
    // A failed backup leaves no sub-folder that looks unfinished; blobs copied stay for the next.
    await removeQuietly(dir);
    throw err;
  }
}

async function backUpInto(
  dir: string,
  config: Config,
  createdAt: Date,
  blobRoot: string,
): Promise<CreateResult> {
  const snapshot = config.databaseUrl
    ? await dumpPostgres(config.databaseUrl, dir)
    : await copySqlite(config.dataDir, dir);
  const { blobs, copied } = await copyBlobs(await liveStore(config), blobRoot, snapshot);
  const manifest: Manifest = {
    format: FORMAT_VERSION,
    createdAt: createdAt.toISOString(),
    dialect: config.databaseUrl ? 'postgres' : 'sqlite',
    database: await entryOf(dir, snapshot.file),
    secret: await copySecret(config.dataDir, dir),
    tables: snapshot.tables,
    ...(snapshot.schema ? { pgSchema: snapshot.schema, pgExtensions: snapshot.extensions ?? [] } : {}),
    blobs,
  };
  await writeAtomically(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return { dir, manifest, copied };
}

async function entryOf(dir: string, file: string): Promise<FileEntry> {
  const { sha256, size } = await sha256File(path.join(dir, file));
  return { file, size, sha256 };
}

/**
 * better-sqlite3's backup API, all pages in one step: one read transaction, so the copy is the
 * database at one moment while the server goes on writing (WAL readers do not block writers).
 */
async function copySqlite(dataDir: string, dir: string): Promise<Snapshot> {
  const source = path.join(dataDir, SQLITE_FILE);
  const target = path.join(dir, SQLITE_FILE);
  const live = new SqliteDatabase(source, { readonly: true, fileMustExist: true });
  try {
    live.pragma('busy_timeout = 10000');
    await live.backup(target, { progress: () => 0x7fffffff });
  } finally {
    live.close();
  }
  const copy = new SqliteDatabase(target);
  try {
    // A single file: the copy carries the live database's WAL mode otherwise.
    copy.pragma('journal_mode = DELETE');
    const names = copy
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .pluck()
      .all() as string[];
    const tables: Record<string, number> = {};
    for (const name of names)
      tables[name] = copy.prepare(`SELECT count(*) FROM "${name}"`).pluck().get() as number;
    const blobs = copy
      .prepare('SELECT key, size, ref_count FROM drive_blobs ORDER BY key')
      .all() as IndexedBlob[];
    copy.close();
    await chmod(target, 0o600);
    await fsyncFile(target);
    return { file: SQLITE_FILE, tables, blobs };
  } finally {
    if (copy.open) copy.close();
  }
}

/** Refused before anything is written: a PostgreSQL backup without pg_dump cannot be taken. */
function requirePgDump(): void {
  const probe = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0)
    throw new BackupError(
      'pg_dump was not found on PATH: install the PostgreSQL client tools (the server major version or newer) and run the backup again',
    );
}

/**
 * pg_dump of the application's schema in the snapshot of a repeatable-read transaction held
 * open here, in which the row counts and the blob index are read too: dump, counts and blobs
 * are the same moment.
 */
async function dumpPostgres(url: string, dir: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snap = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]?.id ?? '';
    const schema = (await client.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]?.s ?? 'public';
    const names = (
      await client.query<{ t: string }>(
        "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1",
      )
    ).rows.map((r) => r.t);
    const tables: Record<string, number> = {};
    for (const name of names)
      tables[name] = Number(
        (await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${name}"`)).rows[0]?.n,
      );
    const blobs = (
      await client.query<IndexedBlob>('SELECT key, size, ref_count FROM drive_blobs ORDER BY key')
    ).rows.map((r) => ({ key: r.key, size: Number(r.size), ref_count: Number(r.ref_count) }));
    await runPgDump(url, snap, schema, path.join(dir, PG_DUMP_FILE));
    await client.query('COMMIT');
    const extensions = (
      await client.query<{ name: string; schema: string }>(
        "SELECT e.extname AS name, n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname <> 'plpgsql' ORDER BY 1",
      )
    ).rows;
    return { file: PG_DUMP_FILE, tables, blobs, schema, extensions };
  } finally {
    await client.end();
  }
}

function runPgDump(url: string, snapshot: string, schema: string, file: string): Promise<void> {
  return new Promise((ok, fail) => {
    let stderr = '';
    // The password goes through the environment: a command line is visible to every local user.
    const target = new URL(url);
    const password = decodeURIComponent(target.password);
    target.password = '';
    const args = ['--format=custom', `--snapshot=${snapshot}`, `--schema=${schema}`, `--file=${file}`];
    const child = spawn('pg_dump', [...args, `--dbname=${target}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0 ? ok() : fail(new BackupError(`pg_dump failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * The blobs the copy indexes. One with references that is missing or of another size fails the
 * backup; one without any may have been collected since the copy (the collector removes only
 * those unreferenced for an hour), and is left out.
 *
 * A blob on this machine is copied by the kernel and not read back: its key is the SHA-256 its
 * bytes had when stored, the store check re-reads the live store over time
 * (storage/blob-check.ts), and `backup verify` the backup's copies. Reading every copy back for
 * its hash cost as much as the copy (10 GiB: 18-23 s against 9-16 s without).
 */
async function copyBlobs(store: BlobStore, toRoot: string, snapshot: Snapshot) {
  const kept: Array<Manifest['blobs'][number] | null> = new Array(snapshot.blobs.length).fill(null);
  let copied = 0;
  const source = storeSource(store);
  const batch = new SyncBatch(toRoot);
  const copyOne = async (b: IndexedBlob, i: number) => {
    const found = await store.stat(b.key);
    if (!found) {
      if (b.ref_count > 0)
        throw new BackupError(`blob ${b.key} is referenced by the database but missing from the blob store`);
      return;
    }
    if (found.size !== b.size)
      throw new BackupError(
        `blob ${b.key} is damaged at its source (${found.size} bytes where the database says ${b.size})`,
      );
    if (await copyBlob(source, toRoot, b.key, b.size, batch, { rehash: false })) copied++;
    kept[i] = { key: b.key, size: b.size, sha256: b.key };
  };
  try {
    await forEachAtOnce(snapshot.blobs, COPY_CONCURRENCY, copyOne);
    await batch.finish();
  } catch (err) {
    await batch.drop();
    throw err;
  }
  return { blobs: kept.filter((b) => b !== null), copied };
}

/**
 * The server's blob store, read only: the S3 bucket, or the data directory's blob folder (not
 * through createBlobStore, which clears the folder's stale temp files: not a backup's business).
 */
async function liveStore(config: Config): Promise<BlobStore> {
  if (!config.s3) return new FsBlobStore(path.join(config.dataDir, 'blobs'));
  // The S3 client is loaded only for a bucket: it is most of the command's start otherwise.
  const { S3BlobStore } = await import('../../storage/s3-store.js');
  return new S3BlobStore(config.s3);
}

async function copySecret(dataDir: string, dir: string): Promise<FileEntry | null> {
  const source = path.join(dataDir, SECRET_FILE);
  if (!(await stat(source).catch(() => null))) return null;
  await copyFile(source, path.join(dir, SECRET_FILE));
  return entryOf(dir, SECRET_FILE);
}
