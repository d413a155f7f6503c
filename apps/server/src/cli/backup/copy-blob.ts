import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { copyFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import type { BlobStore } from '../../storage/blob-store.js';
import { FsBlobStore } from '../../storage/fs-store.js';
import { sha256OfFile } from '../../storage/hash-worker.js';
import { BackupError, blobPath, ensureDir, fsyncFile, removeQuietly } from './layout.js';

const run = promisify(execFile);

/** Where a copied blob's bytes come from: a blob store (filesystem or S3), or a backup's folder. */
export interface BlobSource {
  open(key: string): Promise<Readable>;
  /**
   * The blob's file, where its bytes lie on this machine: copied by the kernel (copyFile), and
   * the copy hashed on a hashing thread where asked (`rehash`: a restore), instead of streamed
   * through this thread (whose reads, hashing and writes were most of a backup's time).
   */
  fileOf?(key: string): string;
}

export const storeSource = (store: BlobStore): BlobSource =>
  store instanceof FsBlobStore
    ? { open: (key) => store.get(key), fileOf: (key) => store.fileOf(key) }
    : { open: (key) => store.get(key) };

export const folderSource = (root: string): BlobSource => ({
  open: async (key) => createReadStream(blobPath(root, key), { highWaterMark: 1024 * 1024 }),
  fileOf: (key) => blobPath(root, key),
});

/** Blobs copied at once: one blob's S3 round trip or hashing overlaps another's copy. */
export const COPY_CONCURRENCY = 4;

/** Bytes copied between two background flushes of a `SyncBatch`. */
const FLUSH_EVERY = 256 * 1024 * 1024;

/** `fn` on each item, `width` at a time; the first failure is thrown once the others stopped. */
export async function forEachAtOnce<T>(
  items: readonly T[],
  width: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        await fn(items[i] as T, i);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: width }, worker));
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * Blobs copied into one folder, made durable together: one flush of the folder's file system
 * instead of one fsync per blob (a thousand 1 MiB blobs took 30 ms each to fsync, most of a
 * backup's time). The copies stay under their temp names until their bytes are on disk, so a
 * file under its blob name always holds its bytes: a later backup that finds it there (same
 * name, same size) may trust it. `finish` flushes, moves them into place and flushes the moves.
 *
 * While the copies go on, the file system is flushed in the background every `FLUSH_EVERY`
 * bytes (one flush at a time): the kernel starts writing dirty pages back on its own only past
 * a tenth of the memory, so a backup of a few GiB copied everything first and then waited for
 * the disk to write it all; now the disk writes while the copies go on, and the last flush
 * writes the tail.
 */
export class SyncBatch {
  private readonly moves: Array<{ tmp: string; target: string }> = [];
  private unflushed = 0;
  private flushing: Promise<void> | null = null;

  constructor(private readonly root: string) {}

  add(tmp: string, target: string, bytes = 0): void {
    this.moves.push({ tmp, target });
    this.unflushed += bytes;
    if (this.unflushed >= FLUSH_EVERY && !this.flushing) {
      this.unflushed = 0;
      // A background flush is an early start, not the guarantee: its failure is the last one's.
      this.flushing = syncFileSystem(this.root, [])
        .catch(() => undefined)
        .finally(() => {
          this.flushing = null;
        });
    }
  }

  async finish(): Promise<void> {
    await this.flushing;
    if (this.moves.length === 0) return;
    await syncFileSystem(
      this.root,
      this.moves.map((m) => m.tmp),
    );
    // A few at once: one at a time they were a second or more of a 10,000-blob backup.
    await forEachAtOnce(this.moves, COPY_CONCURRENCY, ({ tmp, target }) => rename(tmp, target));
    await syncFileSystem(this.root, []);
  }

  /** A failed backup: the copies not moved into place are dropped. */
  async drop(): Promise<void> {
    await this.flushing;
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
 * hashed (the copy read back, or the stream on its way; a local file's copy is not read back
 * without `rehash`): a source whose content no longer matches its name is refused rather than
 * copied. Answers whether bytes were copied.
 */
export async function copyBlob(
  from: BlobSource,
  toRoot: string,
  key: string,
  size: number,
  batch?: SyncBatch,
  { rehash = true }: { rehash?: boolean } = {},
): Promise<boolean> {
  const target = blobPath(toRoot, key);
  const there = await stat(target).catch(() => null);
  if (there?.isFile() && there.size === size) return false;
  // The temp file beside its final name, not in one temp folder: ext4 gives a folder's new files
  // inodes near its own, so ten thousand made in one folder (four at once, under its lock)
  // searched one block group for free inodes, past every one deleted lately: half of a 10 GiB
  // backup's kernel time. Spread over the blob folders, as `cp -r` makes them, they do not.
  await ensureDir(path.dirname(target));
  const tmp = `${target}.${randomBytes(8).toString('hex')}.tmp`;
  try {
    const got = from.fileOf
      ? await copyFileHashed(from.fileOf(key), tmp, rehash)
      : await streamHashed(from, key, tmp);
    if (got !== key)
      throw new BackupError(`blob ${key} is damaged at its source (its content hashes to ${got})`);
    if (batch) {
      batch.add(tmp, target, size);
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
 * The kernel's copy of `file` to `tmp`, then the copy's SHA-256 (what the backup holds); without
 * `rehash`, the name the file is stored under (a content-addressed store's SHA-256).
 */
async function copyFileHashed(file: string, tmp: string, rehash: boolean): Promise<string> {
  await copyFile(file, tmp, constants.COPYFILE_EXCL);
  if (!rehash) return path.basename(file);
  return sha256OfFile(tmp, (await stat(tmp)).size);
}

/** The blob streamed into `tmp`, hashed on the way (a bucket's). */
async function streamHashed(from: BlobSource, key: string, tmp: string): Promise<string> {
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(await from.open(key), hashing, createWriteStream(tmp, { flags: 'wx' }));
  return hash.digest('hex');
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
  const info = await store.put(await from.open(key));
  if (info.key !== key)
    throw new BackupError(`blob ${key} is damaged in the backup (it hashes to ${info.key})`);
  return true;
}
