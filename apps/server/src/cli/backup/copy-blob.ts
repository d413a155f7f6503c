import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BackupError, blobPath, ensureDir, fsyncFile, removeQuietly } from './layout.js';

/**
 * Copies the blob `key` from one blob folder to another unless the target holds it already (a
 * blob's name is its content's hash, so a present file of the right size is the same blob).
 * The bytes are hashed on the way: a source whose content no longer matches its name is refused
 * rather than copied. Answers whether bytes were copied.
 */
export async function copyBlob(
  fromRoot: string,
  toRoot: string,
  key: string,
  size: number,
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
    await pipeline(
      createReadStream(blobPath(fromRoot, key), { highWaterMark: 1024 * 1024 }),
      hashing,
      createWriteStream(tmp, { flags: 'wx' }),
    );
    const got = hash.digest('hex');
    if (got !== key)
      throw new BackupError(`blob ${key} is damaged in ${fromRoot} (its content hashes to ${got})`);
    await fsyncFile(tmp);
    await ensureDir(path.dirname(target));
    await rename(tmp, target);
    return true;
  } catch (err) {
    await removeQuietly(tmp);
    throw err;
  }
}
