import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlobInfo, BlobStore, ByteRange } from './blob-store.js';
import { FsStaging } from './fs-staging.js';
import { HashingCounter } from './hashing.js';

/**
 * Blobs under `root/ab/cd/<sha256>`; temp files under `root/tmp`, fsynced and renamed in place;
 * multi-part uploads assembled under `root/staging` (kept over a restart, unlike `tmp`).
 */
/** A temp file unchanged this long belongs to a write that stopped (see clearStaleTemp). */
const STALE_TEMP_MS = 2 * 60_000;

export class FsBlobStore implements BlobStore {
  readonly staging: FsStaging;

  constructor(private readonly root: string) {
    this.staging = new FsStaging(path.join(root, 'staging'), (file, sha256) => this.moveIn(file, sha256));
  }

  /** Puts a complete, fsynced file under its key. */
  private async moveIn(file: string, sha256: string): Promise<void> {
    const final = this.pathOf(sha256);
    await mkdir(path.dirname(final), { recursive: true });
    // Same content already stored: identical bytes, so replacing it is harmless.
    await rename(file, final);
  }

  /** Where the blob's bytes lie: a backup copies the file itself (the kernel's copy, no stream). */
  fileOf(key: string): string {
    return this.pathOf(key);
  }

  private pathOf(key: string) {
    if (!/^[0-9a-f]{64}$/.test(key)) throw new Error(`bad blob key: ${key}`);
    return path.join(this.root, key.slice(0, 2), key.slice(2, 4), key);
  }

  async put(data: Readable, opts: { maxBytes?: number } = {}): Promise<BlobInfo> {
    const tmpDir = path.join(this.root, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
    const hasher = new HashingCounter(opts.maxBytes);
    try {
      await pipeline(data, hasher, createWriteStream(tmp, { flags: 'wx' }));
      const handle = await open(tmp, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      const digests = hasher.digests();
      await this.moveIn(tmp, digests.sha256);
      return { key: digests.sha256, size: hasher.size, ...digests };
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    await stat(file);
    return createReadStream(file, {
      // 1 MiB reads: with the default 64 KiB the read and socket calls per byte halve a download's rate.
      highWaterMark: 1024 * 1024,
      ...(range ? { start: range.start, end: range.end } : {}),
    });
  }

  localPath(key: string): string {
    return this.pathOf(key);
  }

  async stat(key: string) {
    try {
      const s = await stat(this.pathOf(key));
      return { size: s.size };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Temp files older than a day: a crashed write (younger ones may be another instance's). */
  async sweep(now: number): Promise<void> {
    await this.clearStaleTemp(now);
    await this.staging.sweep(now);
  }

  /**
   * Temp files of writes that stopped (a crashed process): unchanged for two minutes, the
   * upload lease's span. Not every temp file at start: another instance on the same folder (a
   * rolling restart) may be writing one, and a write in progress changes its file all the time.
   */
  async clearStaleTemp(now: number): Promise<void> {
    const dir = path.join(this.root, 'tmp');
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const s = await stat(path.join(dir, name)).catch(() => null);
      if (s && s.mtimeMs < now - STALE_TEMP_MS) await rm(path.join(dir, name), { force: true });
    }
  }
}
