import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LIVE_PAIR_WINDOW_MS, PHOTO_THUMB_SIZES } from '@phonecloud/shared';
import type { Updateable } from 'kysely';
import type { PhotosTable } from '../../../db/schema.js';
import type { AppDeps } from '../../../http/context.js';
import { BlobIndex } from '../../../storage/blob-index.js';
import type { BlobInfo } from '../../../storage/blob-store.js';
import { makeThumb } from '../../drive/index.js';
import { Kind, LiveRole, MetaState, type PhotoRow, PhotosRepo } from '../repo.js';
import { readImage } from './image.js';
import { placeOf } from './place.js';
import { posterFrame, probeVideo } from './video.js';

/** Read whole into memory up to this size (a picture); past it, a picture gets no thumbnail. */
const IMAGE_MAX_BYTES = 200 * 1024 * 1024;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The blob as a file on this machine: the store's own, or a copy in a temporary folder. */
async function asFile<T>(deps: AppDeps, key: string, use: (file: string) => Promise<T>): Promise<T> {
  const local = deps.blobs.localPath?.(key);
  if (local) return use(local);
  const dir = await mkdtemp(path.join(tmpdir(), 'photo-'));
  try {
    const file = path.join(dir, 'original');
    await pipeline(await deps.blobs.get(key), createWriteStream(file));
    return await use(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The base name a Live Photo's two files share ("IMG_0001" of IMG_0001.HEIC and IMG_0001.MOV). */
export function liveKey(name: string): string {
  const base = name.replace(/\.[^.]+$/, '').toLowerCase();
  return base.slice(0, 200);
}

/** The month column of a wall-clock time. */
export function monthOf(takenAt: number): number {
  const d = new Date(takenAt);
  return d.getUTCFullYear() * 100 + d.getUTCMonth() + 1;
}

async function facts(
  deps: AppDeps,
  row: PhotoRow,
): Promise<{ set: Updateable<PhotosTable>; poster: Buffer }> {
  if (row.kind === Kind.VIDEO) {
    return asFile(deps, row.sha256, async (file) => {
      const v = await probeVideo(file);
      const poster = await posterFrame(file, v.durationMs);
      const set: Updateable<PhotosTable> = {
        duration_ms: v.durationMs,
        width: v.width,
        height: v.height,
        latitude: v.latitude,
        longitude: v.longitude,
        make: v.make,
        model: v.model,
      };
      if (v.takenAt !== null)
        Object.assign(set, { taken_at: v.takenAt, tz_offset: v.tzOffset, time_source: 1 });
      return { set, poster };
    });
  }
  if (row.size > IMAGE_MAX_BYTES) throw new Error('picture too large to read');
  const bytes = await readAll(await deps.blobs.get(row.sha256));
  const f = await readImage(bytes);
  const set: Updateable<PhotosTable> = {
    width: f.width,
    height: f.height,
    orientation: f.orientation,
    latitude: f.latitude,
    longitude: f.longitude,
    make: f.make,
    model: f.model,
    lens: f.lens,
  };
  if (f.takenAt !== null) Object.assign(set, { taken_at: f.takenAt, tz_offset: f.tzOffset, time_source: 1 });
  return { set, poster: bytes };
}

/**
 * Both thumbnails of a picture (or a video's poster), stored and indexed without a reference yet:
 * the large one from the original, the small one from the large (one decode of a HEIC, not two).
 */
async function thumbs(
  deps: AppDeps,
  source: Buffer,
): Promise<{ made: BlobInfo[]; portrait: boolean | null }> {
  const [small, large] = PHOTO_THUMB_SIZES;
  const big = await makeThumb(source, large);
  const little = await makeThumb(big.bytes, small);
  const index = new BlobIndex(deps.db);
  const out: BlobInfo[] = [];
  for (const made of [little, big]) {
    const info = await deps.blobs.put(Readable.from([made.bytes]));
    await index.touch(info, deps.clock.now());
    out.push(info);
  }
  return { made: out, portrait: big.width === big.height ? null : big.height > big.width };
}

/** The read facts and the thumbnails' references, in one transaction, if the row is still waiting. */
async function store(
  deps: AppDeps,
  userId: number,
  id: number,
  set: Updateable<PhotosTable>,
  made: BlobInfo[],
) {
  return deps.db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('photos')
      .set(set)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('meta_state', '=', MetaState.PENDING)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    const index = new BlobIndex(trx);
    for (const info of made) await index.ref(trx, info, deps.clock.now());
    return true;
  });
}

/**
 * Reads one photo: its time, place, camera and size, its thumbnails, and pairs it with the other
 * half of a Live Photo. A file that cannot be read is marked so (kept, shown without a thumbnail).
 */
export async function readPhoto(deps: AppDeps, userId: number, id: number): Promise<void> {
  const repo = new PhotosRepo(deps.db);
  const row = await repo.one(userId, id);
  if (!row || row.meta_state !== MetaState.PENDING) return;
  let set: Updateable<PhotosTable>;
  let made: BlobInfo[] = [];
  try {
    const read = await facts(deps, row);
    set = read.set;
    const t = await thumbs(deps, read.poster);
    made = t.made;
    // The thumbnail is upright (EXIF orientation, HEIC's own rotation, a video's): the size shown follows it.
    const { width, height } = set;
    if (t.portrait !== null && width != null && height != null && height > width !== t.portrait) {
      set.width = height;
      set.height = width;
    }
    set.thumb_key = made[0]?.key ?? null;
    set.thumb_large_key = made[1]?.key ?? null;
    if (set.latitude != null && set.longitude != null) set.place = await placeOf(set.latitude, set.longitude);
    if (set.taken_at != null) set.month = monthOf(set.taken_at);
    set.meta_state = MetaState.READ;
  } catch {
    set = { meta_state: MetaState.UNREADABLE };
    made = [];
  }
  if ((await store(deps, userId, id, set, made)) && set.meta_state === MetaState.READ) {
    await pairLive(repo, userId, id);
  }
}

/** A still and a video of one base name taken within seconds of each other are one Live Photo. */
async function pairLive(repo: PhotosRepo, userId: number, id: number): Promise<void> {
  const row = await repo.one(userId, id);
  if (!row?.live_key || row.live_pair_id !== null) return;
  const other = await repo.livePartner(userId, row, LIVE_PAIR_WINDOW_MS);
  if (!other) return;
  const [still, motion] = row.kind === Kind.IMAGE ? [row, other] : [other, row];
  await repo.update(userId, still.id, { live_role: LiveRole.STILL, live_pair_id: motion.id });
  await repo.update(userId, motion.id, { live_role: LiveRole.MOTION, live_pair_id: still.id });
}
