import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { listBackups, removeQuietly } from './layout.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Keeps the newest `keep` finished backups of `root`: older sub-folders go, and so does an
 * unfinished one older than the newest finished (a run that died), then every blob no kept
 * manifest names and temp files of copies older than a day. Not for a folder another backup is
 * being written into by hand meanwhile: its blobs are named by no manifest yet.
 */
export async function pruneBackups(root: string, keep: number) {
  const entries = await listBackups(root);
  const finished = entries.filter((e) => e.manifest);
  const kept = finished.slice(-keep);
  const newest = kept[kept.length - 1]?.name ?? '';
  let backups = 0;
  for (const e of entries) {
    if (kept.includes(e) || (!e.manifest && e.name > newest)) continue;
    await removeQuietly(e.dir);
    backups++;
  }
  const named = new Set(kept.flatMap((e) => e.manifest?.blobs.map((b) => b.key) ?? []));
  let blobs = 0;
  const blobRoot = path.join(root, 'blobs');
  const files = await readdir(blobRoot, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const f of files) {
    if (!f.isFile()) continue;
    const file = path.join(f.parentPath, f.name);
    if (/^[0-9a-f]{64}$/.test(f.name)) {
      if (named.has(f.name)) continue;
    } else if (Date.now() - ((await stat(file).catch(() => null))?.mtimeMs ?? Date.now()) < DAY_MS) continue;
    await removeQuietly(file);
    blobs++;
  }
  return { prunedBackups: backups, prunedBlobs: blobs };
}
