import {
  PHOTO_BIN_DAYS,
  PHOTO_PAGE_DEFAULT,
  type PhotoDetail,
  type PhotoItem,
  type PhotoMonth,
  type PhotoPage,
  type PhotoPlace,
  type PhotoSettings,
} from '@phonecloud/shared';
import type { PhotoFilter, PhotoSettingsSave, PhotoTimelineQuery } from '@phonecloud/shared/api';
import type { AppDeps } from '../../http/context.js';
import { invalid } from '../../http/errors.js';
import { BlobIndex } from '../../storage/blob-index.js';
import { Drive } from '../drive/index.js';
import { AlbumsRepo } from './albums-repo.js';
import { photoNotFound } from './errors.js';
import { photoQueue } from './meta/queue.js';
import { type Cursor, LiveRole, type PhotoRow, PhotosRepo } from './repo.js';
import { decodeCursor, detailView, encodeCursor, itemView } from './views.js';
import { watchQueue } from './watch/queue.js';
import { PhotoWatch } from './watch/watch.js';

const BIN_MS = PHOTO_BIN_DAYS * 86_400_000;

function cursorOf(text: string | undefined): Cursor | null {
  if (text === undefined || text === '') return null;
  const c = decodeCursor(text);
  if (!c) throw invalid('cursor');
  return c;
}

/** The first instant after a month (`2019-10` → 2019-11-01), on the camera's clock. */
function endOfMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return Date.UTC(y, m, 1);
}

/**
 * The photo area's rules: the timeline and its search, one photo, favourites, the recycle bin,
 * settings. Albums are in albums.ts, the phone's uploads in upload.ts.
 * @package
 */
export class PhotosService {
  readonly repo: PhotosRepo;
  private readonly index: BlobIndex;

  constructor(readonly deps: AppDeps) {
    this.repo = new PhotosRepo(deps.db);
    this.index = new BlobIndex(deps.db);
  }

  now(): number {
    return this.deps.clock.now();
  }

  async timeline(userId: number, q: PhotoTimelineQuery): Promise<PhotoPage> {
    const limit = q.limit ?? PHOTO_PAGE_DEFAULT;
    let after = cursorOf(q.cursor);
    // The scrubber's jump: from the end of the month, as if the page before ended there.
    if (!after && q.month) after = { taken_at: endOfMonth(q.month), id: 0 };
    const rows = await this.repo.page(userId, q, after, limit);
    const last = rows[rows.length - 1];
    return {
      items: await this.itemsOf(rows),
      next: last && rows.length === limit ? encodeCursor({ taken_at: last.taken_at, id: last.id }) : '',
    };
  }

  async months(userId: number, f: PhotoFilter): Promise<PhotoMonth[]> {
    const rows = await this.repo.months(userId, f);
    return rows.map((r) => ({
      month: `${Math.floor(r.month / 100)}-${String(r.month % 100).padStart(2, '0')}`,
      count: Number(r.count),
    }));
  }

  /** The map's points: `cell` degrees a side (1 when the map does not say). */
  async places(userId: number, f: PhotoFilter, cell = 1): Promise<PhotoPlace[]> {
    const rows = await this.repo.places(userId, f, cell);
    return rows.map((r) => ({
      latitude: r.latitude,
      longitude: r.longitude,
      count: r.count,
      cover_id: r.id,
      place: r.place ?? r.any_place,
    }));
  }

  async detail(userId: number, id: number): Promise<PhotoDetail> {
    const row = await this.repo.one(userId, id);
    if (!row) throw photoNotFound();
    return detailView(row, await this.repo.albumsOf(userId, id), await this.index.isDamaged(row.sha256));
  }

  /** A page's rows as items, those whose original the store check found changed marked damaged. */
  private async itemsOf(rows: readonly PhotoRow[]): Promise<PhotoItem[]> {
    const damaged = await this.index.damagedAmong(rows.map((r) => r.sha256));
    return rows.map((r) => itemView(r, damaged.has(r.sha256)));
  }

  /**
   * Makes a photo's thumbnails again from its original when the store check found one of them
   * damaged and the original whole: they are made from it, so the row is read again (in the
   * background, as a new upload is), and the same bytes written under the same key put the
   * stored thumbnail right. Until then the portal shows the row as being read.
   */
  async remakeThumbs(userId: number, row: PhotoRow): Promise<void> {
    if (row.thumb_key === null || (await this.index.isDamaged(row.sha256))) return;
    const thumbKey = row.thumb_key;
    const again = await this.deps.db.transaction().execute(async (trx) => {
      if (!(await new PhotosRepo(trx).unread(userId, row.id, thumbKey))) return false;
      const index = new BlobIndex(trx);
      for (const key of [thumbKey, row.thumb_large_key]) if (key) await index.unref(trx, key, this.now());
      return true;
    });
    if (again) photoQueue(this.deps).push(userId, row.id);
  }

  /** A photo the user may read: theirs, live or in the bin; undefined otherwise. */
  readable(userId: number, id: number): Promise<PhotoRow | undefined> {
    return this.repo.one(userId, id);
  }

  async favourite(userId: number, ids: number[], favourite: boolean) {
    const r = await this.repo.setFavourite(userId, ids, favourite);
    return { updated: Number(r.numUpdatedRows) };
  }

  /** The ids with the other halves of the Live Photos among them: the two move as one. */
  private async withPairs(userId: number, ids: readonly number[]): Promise<number[]> {
    const rows = await this.repo.some(userId, ids);
    const all = new Set<number>();
    for (const r of rows) {
      all.add(r.id);
      if (r.live_pair_id !== null) all.add(r.live_pair_id);
    }
    return [...all];
  }

  async trash(userId: number, ids: number[]) {
    const all = await this.withPairs(userId, ids);
    if (all.length === 0) return { deleted: 0 };
    await this.repo.setTrashed(userId, all, this.now());
    return { deleted: (await this.repo.some(userId, ids)).filter((r) => r.trashed_at !== null).length };
  }

  async binList(userId: number, cursor: string | undefined, limit = PHOTO_PAGE_DEFAULT): Promise<PhotoPage> {
    const rows = await this.repo.binPage(userId, cursorOf(cursor), limit);
    const last = rows[rows.length - 1];
    return {
      items: await this.itemsOf(rows),
      next:
        last && rows.length === limit ? encodeCursor({ taken_at: last.trashed_at ?? 0, id: last.id }) : '',
    };
  }

  async recover(userId: number, ids: number[]) {
    const all = await this.withPairs(userId, ids);
    if (all.length === 0) return { recovered: 0 };
    const r = await this.repo.setTrashed(userId, all, null);
    const pairs = (await this.repo.some(userId, all)).filter((p) => p.live_role === LiveRole.MOTION);
    return { recovered: Number(r.numUpdatedRows) - pairs.length };
  }

  /** Deletes binned photos for good (all of the bin when `ids` is null). */
  async purge(userId: number, ids: number[] | null) {
    const rows = await this.repo.binned(userId, ids ? await this.withPairs(userId, ids) : null);
    for (const r of rows) await this.purgeRow(r);
    return { deleted: rows.filter((r) => r.live_role !== LiveRole.MOTION).length };
  }

  /** Bin rows past their 30 days, of every user. */
  async expire(limit = 500): Promise<number> {
    const rows = await this.repo.expired(this.now() - BIN_MS, limit);
    for (const r of rows) await this.purgeRow(r);
    return rows.length;
  }

  /** A row goes with its references (original, thumbnails) and the original's space, in one transaction. */
  private async purgeRow(r: PhotoRow): Promise<void> {
    const now = this.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const gone = await new PhotosRepo(trx).remove(r.user_id, r.id);
      if (Number(gone.numDeletedRows) === 0) return;
      await new AlbumsRepo(trx).dropCovers(r.user_id, [r.id]);
      await this.index.unref(trx, r.sha256, now);
      for (const key of [r.thumb_key, r.thumb_large_key]) if (key) await this.index.unref(trx, key, now);
      // A photo a drive file carries counted nothing of its own (watch/watch.ts).
      await new Drive({ ...this.deps, db: trx }).freeSpace(trx, r.user_id, r.drive_carried ? 0 : r.size);
    });
  }

  async settings(userId: number): Promise<PhotoSettings> {
    const row = await this.repo.settings(userId);
    return { delete_follows_phone: row?.delete_follows_phone === 1, watch_folder: row?.watch_folder ?? null };
  }

  /** A watched folder newly set is scanned in the background: what it holds already is taken in. */
  async saveSettings(userId: number, s: PhotoSettingsSave): Promise<PhotoSettings> {
    await this.repo.saveSettings(userId, s.delete_follows_phone);
    if (s.watch_folder !== undefined && (await new PhotoWatch(this.deps).setFolder(userId, s.watch_folder))) {
      watchQueue(this.deps).scan(userId);
    }
    return this.settings(userId);
  }
}
