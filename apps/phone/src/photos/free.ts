import { unlink } from 'node:fs/promises';
import { PHOTO_HASHES_MAX } from '@phonecloud/shared';
import type { DeviceApiClient } from '../api.js';
import { scanFolder } from './scan.js';
import type { PhotosStateFile } from './state.js';

export interface Freeable {
  rel: string;
  abs: string;
  size: number;
}

/**
 * The files safe to remove from the phone: unchanged since they were hashed, confirmed by an
 * earlier backup, and the cloud says now that it keeps that content (a photo deleted for good in
 * the cloud since is not safe any more).
 */
export async function freeable(
  api: DeviceApiClient,
  folder: string,
  stateFile: PhotosStateFile,
): Promise<Freeable[]> {
  const state = stateFile.read(folder);
  const candidates = (await scanFolder(folder)).filter((f) => {
    const s = state.files[f.rel];
    return s?.confirmed && s.size === f.size && s.mtime === f.mtime;
  });
  const hashes = [...new Set(candidates.map((f) => state.files[f.rel]?.sha256 ?? ''))];
  const kept = new Set<string>();
  for (let i = 0; i < hashes.length; i += PHOTO_HASHES_MAX) {
    for (const h of await api.photosCheck(hashes.slice(i, i + PHOTO_HASHES_MAX))) kept.add(h);
  }
  return candidates
    .filter((f) => kept.has(state.files[f.rel]?.sha256 ?? ''))
    .map((f) => ({ rel: f.rel, abs: f.abs, size: f.size }));
}

/** Removes them here; the state remembers them as freed, so the cloud is not told to delete them. */
export async function freeUp(
  stateFile: PhotosStateFile,
  folder: string,
  files: readonly Freeable[],
): Promise<number> {
  const state = stateFile.read(folder);
  let bytes = 0;
  for (const f of files) {
    const s = state.files[f.rel];
    if (!s) continue;
    s.freed = true;
    stateFile.write(state);
    await unlink(f.abs);
    bytes += f.size;
  }
  return bytes;
}
