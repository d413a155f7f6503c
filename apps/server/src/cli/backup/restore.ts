import { copyFile, readdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.js';
import { copyBlob } from './copy-blob.js';
import {
  type BackupEntry,
  BackupError,
  fsyncFile,
  listBackups,
  type Manifest,
  PG_DUMP_FILE,
  removeQuietly,
  SQLITE_FILE,
} from './layout.js';
import { verifyBackups } from './verify.js';

export interface RestoreOptions {
  /** The backup's folder name; the newest finished one when not given. */
  name?: string;
  /** Replace the database and blobs a data directory already holds. */
  force?: boolean;
}

/**
 * Restores a SQLite backup into the data directory of `config`, after verifying it: the blobs
 * first, then the database file, renamed into place last. The server must not run on that data
 * directory meanwhile.
 */
export async function restoreBackup(root: string, config: Config, opts: RestoreOptions) {
  if (config.s3)
    throw new BackupError('blobs are stored in S3: restore only fills the filesystem blob store');
  const entry = pick(await listBackups(root), opts.name, root);
  const manifest = entry.manifest as Manifest;
  if (manifest.dialect !== 'sqlite' || config.databaseUrl)
    throw new BackupError(
      `restoring into PostgreSQL is not done by this command: load ${entry.name}/${PG_DUMP_FILE} with pg_restore --no-owner --dbname=<DATABASE_URL>, and copy the backup's blobs folder into DATA_DIR/blobs`,
    );
  const { problems } = await verifyBackups(root, [entry]);
  if (problems.length) throw new BackupError(`the backup does not verify:\n  ${problems.join('\n  ')}`);
  const dataDir = config.dataDir;
  const db = path.join(dataDir, SQLITE_FILE);
  const blobs = path.join(dataDir, 'blobs');
  if (!opts.force && ((await stat(db).catch(() => null)) || (await holdsFiles(blobs))))
    throw new BackupError(`${dataDir} already holds a database or blobs: add --force to replace them`);
  for (const f of [db, `${db}-wal`, `${db}-shm`, blobs]) await removeQuietly(f);
  for (const b of manifest.blobs) await copyBlob(path.join(root, 'blobs'), blobs, b.key, b.size);
  await removeQuietly(path.join(blobs, 'tmp'));
  if (manifest.secret)
    await copyFile(path.join(entry.dir, manifest.secret.file), path.join(dataDir, manifest.secret.file));
  const tmp = `${db}.restoring`;
  await copyFile(path.join(entry.dir, manifest.database.file), tmp);
  await fsyncFile(tmp);
  await rename(tmp, db);
  return { entry, manifest };
}

function pick(entries: BackupEntry[], name: string | undefined, root: string): BackupEntry {
  if (name) {
    const e = entries.find((x) => x.name === name);
    if (!e) throw new BackupError(`no backup ${name} in ${root}`);
    if (!e.manifest) throw new BackupError(`${name} has no manifest: an unfinished backup`);
    return e;
  }
  const done = entries.filter((e) => e.manifest);
  const newest = done[done.length - 1];
  if (!newest) throw new BackupError(`no finished backup in ${root}`);
  return newest;
}

async function holdsFiles(dir: string): Promise<boolean> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.some((d) => d.isFile());
}
