import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { photoKindOf } from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import { PhotoUploads } from './upload.js';

/** When the demo's files say no time of their own: a day of the demo's past. */
const FILE_TIME = Date.UTC(2024, 2, 16, 9, 30);

/**
 * The demo account's photos: real samples of several makers (a Nikon and a Canon JPEG, an
 * iPhone HEIC with its Live Photo video, a video tagged at West Lake), uploaded as a phone does
 * and read in the background like any other.
 * @package
 */
export async function seedPhotos(deps: AppDeps, userId: number): Promise<void> {
  const dir = deps.config.demoPhotosDir;
  if (!existsSync(dir)) return;
  const uploads = new PhotoUploads(deps);
  for (const name of (await readdir(dir)).sort()) {
    if (!photoKindOf(name)) continue;
    await uploads.addLocal(userId, 'demo', name, await readFile(path.join(dir, name)), FILE_TIME);
  }
}
