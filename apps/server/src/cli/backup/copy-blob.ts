import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import type { BlobStore } from '../../storage/blob-store.js';
import { BackupError, blobPath, ensureDir, fsyncFile, removeQuietly } from './layout.js';

/** Where a copied blob's bytes come from: a blob store (filesystem or S3), or a backup's folder. */
const run = promisify(execFile);

export type BlobSource = (key: string) => Promise<Readable>;

export const storeSource =
  (store: BlobStore): BlobSource =>
  (key) =>
    store.get(key);

export const folderSource =
  (root: string): BlobSource =>
  async (key) =>
    createReadStream(blobPath(root, key), { highWaterMark: 1024 * 1024 });

/**
 * Blobs copied into one folder, made durable together: one flush of the folder's file system
 * instead of one fsync per blob (a thousand 1 MiB blobs took 30 ms each to fsync, most of a
 * backup's time). The copies stay under their temp names until their bytes are on disk, so a
 * file under its blob name always holds its bytes: a later backup that finds it there (same
 * name, same size) may trust it. `finish` flushes, moves them into place and flushes the moves.
 */
export class SyncBatch {
  private readonly moves: Array<{ tmp: string; target: string }> = [];

  constructor(private readonly root: string) {}

  add(tmp: string, target: string): void {
    this.moves.push({ tmp, target });
  }

  async finish(): Promise<void> {
    if (this.moves.length === 0) return;
    await syncFileSystem(
      this.root,
      this.moves.map((m) => m.tmp),
    );
    for (const { tmp, target } of this.moves) {
      await ensureDir(path.dirname(target));
      await rename(tmp, target);
    }
    await syncFileSystem(this.root, []);
  }

  /** A failed backup: the copies not moved into place are dropped. */
  async drop(): Promise<void> {
    for (const { tmp } of this.moves) await removeQuietly(tmp);
  }
}

/**
 * syncfs(2) of the file system holding `root`, through coreutils' `sync -f` (Node has no call
 * for it); where that fails, each of `files` is fsynced instead.
 */
async function syncFileSystem(root: string, files: readonly string[]): Promise<void> {
  try {
    await run('sync', ['-f', root]);
  } catch {
    for (const file of files) await fsyncFile(file);
  }
}

/**
 * Copies the blob `key` into a blob folder unless the folder holds it already (a blob's name is
 * its content's hash, so a present file of the right size is the same blob). The bytes are
 * hashed on the way: a source whose content no longer matches its name is refused rather than
 * copied. Answers whether bytes were copied.
 */
export async function copyBlob(
  from: BlobSource,
  toRoot: string,
  key: string,
  size: number,
  batch?: SyncBatch,
): Promise<boolean> {
  const target = blobPath(toRoot, key);
  const there = await stat(target).catch(() => null);
  if (there?.isFile() && there.size === size) return false;
  const tmpDir = path.join(toRoot, 'tmp');
  await ensureDir(tmpDir);
  const tmp = path.join(tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(await from(key), hashing, createWriteStream(tmp, { flags: 'wx' }));
    const got = hash.digest('hex');
    if (got !== key)
      throw new BackupError(`blob ${key} is damaged at its source (its content hashes to ${got})`);
    if (batch) {
      batch.add(tmp, target);
      return true;
    }
    await fsyncFile(tmp);
    await ensureDir(path.dirname(target));
    await rename(tmp, target);
    return true;
  } catch (err) {
    await removeQuietly(tmp);
    throw err;
  }
}

/**
 * Writes a backup's blob into a blob store that is not a folder here (S3): the store hashes what
 * it receives and files it under that hash, which must be the key the manifest names.
 */
export async function putBlob(
  from: BlobSource,
  store: BlobStore,
  key: string,
  size: number,
): Promise<boolean> {
  if ((await store.stat(key))?.size === size) return false;
  const info = await store.put(await from(key));
  if (info.key !== key)
    throw new BackupError(`blob ${key} is damaged in the backup (it hashes to ${info.key})`);
  return true;
}
