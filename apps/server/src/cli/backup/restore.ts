import { copyFile, readdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.js';
import { COPY_CONCURRENCY, copyBlob, folderSource, forEachAtOnce, putBlob, SyncBatch } from './copy-blob.js';
import {
  type BackupEntry,
  BackupError,
  fsyncFile,
  listBackups,
  type Manifest,
  removeQuietly,
  SQLITE_FILE,
} from './layout.js';
import { restorePostgres } from './restore-postgres.js';
import { verifyBackups } from './verify.js';

export interface RestoreOptions {
  /** The backup's folder name; the newest finished one when not given. */
  name?: string;
  /** Replace the database and blobs the target already holds. */
  force?: boolean;
}

/**
 * Restores a backup where the settings point, after verifying it: into `DATA_DIR` (SQLite) or
 * the schema of `DATABASE_URL` (PostgreSQL, with pg_restore), its blobs into `DATA_DIR/blobs` or
 * the S3 bucket. A target that holds data already is refused unless `force`. No server may run
 * on the target meanwhile.
 */
export async function restoreBackup(root: string, config: Config, opts: RestoreOptions) {
  const entry = pick(await listBackups(root), opts.name, root);
  const manifest = entry.manifest as Manifest;
  const into = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.dialect !== into)
    throw new BackupError(
      `${entry.name} is a ${manifest.dialect} backup and the settings name a ${into} database: restore it into ${manifest.dialect === 'postgres' ? 'PostgreSQL (set DATABASE_URL)' : 'SQLite (DATABASE_URL unset)'}`,
    );
  const { problems } = await verifyBackups(root, [entry]);
  if (problems.length) throw new BackupError(`the backup does not verify:\n  ${problems.join('\n  ')}`);
  const blobs = await blobTarget(config, opts.force === true);
  const db = config.databaseUrl
    ? await restorePostgres(config.databaseUrl, entry, manifest, opts.force === true)
    : await sqliteTarget(config.dataDir, opts.force === true);
  await blobs.write(manifest, path.join(root, 'blobs'));
  if (manifest.secret)
    await copyFile(
      path.join(entry.dir, manifest.secret.file),
      path.join(config.dataDir, manifest.secret.file),
    );
  await db.finish(path.join(entry.dir, manifest.database.file));
  return { entry, manifest };
}

/** Where the blobs go, checked empty (or cleared with force) before anything is written. */
async function blobTarget(config: Config, force: boolean) {
  if (config.s3) {
    const { S3BlobStore } = await import('../../storage/s3-store.js');
    const store = new S3BlobStore(config.s3);
    if (!force && (await store.holdsBlobs()))
      throw new BackupError(
        `the bucket ${config.s3.bucket} already holds blobs under "${config.s3.prefix}blobs/": add --force to write into it`,
      );
    return {
      async write(manifest: Manifest, from: string) {
        const source = folderSource(from);
        await forEachAtOnce(manifest.blobs, COPY_CONCURRENCY, async (b) => {
          await putBlob(source, store, b.key, b.size);
        });
      },
    };
  }
  const blobs = path.join(config.dataDir, 'blobs');
  if (!force && (await holdsFiles(blobs)))
    throw new BackupError(`${config.dataDir} already holds blobs: add --force to replace them`);
  return {
    async write(manifest: Manifest, from: string) {
      await removeQuietly(blobs);
      const batch = new SyncBatch(blobs);
      try {
        const source = folderSource(from);
        await forEachAtOnce(manifest.blobs, COPY_CONCURRENCY, async (b) => {
          await copyBlob(source, blobs, b.key, b.size, batch);
        });
        await batch.finish();
      } catch (err) {
        await batch.drop();
        throw err;
      }
    },
  };
}

/** The SQLite file: refused when present (unless force), renamed into place last. */
async function sqliteTarget(dataDir: string, force: boolean) {
  const db = path.join(dataDir, SQLITE_FILE);
  if (!force && (await stat(db).catch(() => null)))
    throw new BackupError(`${dataDir} already holds a database: add --force to replace it`);
  for (const f of [db, `${db}-wal`, `${db}-shm`]) await removeQuietly(f);
  return {
    async finish(copy: string) {
      const tmp = `${db}.restoring`;
      await copyFile(copy, tmp);
      await fsyncFile(tmp);
      await rename(tmp, db);
    },
  };
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
