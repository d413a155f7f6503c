import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { photoKindOf } from '@phonecloud/shared';

export interface LocalFile {
  /** Relative to the folder, with `/`. */
  rel: string;
  abs: string;
  size: number;
  mtime: number;
}

/** The pictures and videos under a folder (subfolders too, as a camera roll's DCIM/...), by path. */
export async function scanFolder(folder: string): Promise<LocalFile[]> {
  const out: LocalFile[] = [];
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  for (const e of entries) {
    if (!e.isFile() || e.name.startsWith('.') || !photoKindOf(e.name)) continue;
    const abs = path.join(e.parentPath, e.name);
    const s = await stat(abs);
    out.push({
      rel: path.relative(folder, abs).split(path.sep).join('/'),
      abs,
      size: s.size,
      mtime: Math.round(s.mtimeMs),
    });
  }
  return out.sort((a, b) => a.rel.localeCompare(b.rel));
}

/** A file's SHA-256 (lower-case hex), read as a stream. */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}
