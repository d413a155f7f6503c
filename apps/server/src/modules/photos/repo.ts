import type { PhotoFilter } from '@phonecloud/shared/api';
import {
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  sql,
  type Updateable,
} from 'kysely';
import type { Database, PhotoAlbumsTable, PhotosTable } from '../../db/schema.js';

/** @package */
export type PhotoRow = Selectable<PhotosTable>;
/** @package */
export type AlbumRow = Selectable<PhotoAlbumsTable>;
/** @package */
export const Kind = { IMAGE: 1, VIDEO: 2 } as const;
/** @package */
export const LiveRole = { NONE: 0, STILL: 1, MOTION: 2 } as const;
/** @package */
export const MetaState = { PENDING: 0, READ: 1, UNREADABLE: 2 } as const;
/** @package */
export interface PlaceRow {
  id: number;
  place: string | null;
  count: number;
  latitude: number;
  longitude: number;
  any_place: string | null;
}
/** @package */
export interface Cursor {
  taken_at: number;
  id: number;
}

type Eb = ExpressionBuilder<Database, 'photos'>;
const DAY_MS = 86_400_000;

/** `%text%` for LIKE, its own wildcards taken literally. */
function contains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The search's conditions on a timeline or month query (the listed items: live, not a Live Photo's video). */
function filtered(eb: Eb, userId: number, f: PhotoFilter) {
  const all = [
    eb('photos.user_id', '=', userId),
    eb('photos.trashed_at', 'is', null),
    eb('photos.live_role', '!=', LiveRole.MOTION),
  ];
  if (f.from) all.push(eb('photos.taken_at', '>=', Date.parse(`${f.from}T00:00:00Z`)));
  if (f.to) all.push(eb('photos.taken_at', '<', Date.parse(`${f.to}T00:00:00Z`) + DAY_MS));
  if (f.kind) all.push(eb('photos.kind', '=', f.kind === 'video' ? Kind.VIDEO : Kind.IMAGE));
  if (f.favourite) all.push(eb('photos.favourite', '=', 1));
  if (f.camera) {
    const camera = sql<string>`lower(coalesce(photos.make, '') || ' ' || coalesce(photos.model, ''))`;
    all.push(eb(camera, 'like', sql<string>`${contains(f.camera)} escape '\\'`));
  }
  if (f.place) all.push(eb('photos.place', 'like', sql<string>`${contains(f.place)} escape '\\'`));
  if (f.bbox) {
    const [south, west, north, east] = f.bbox;
    all.push(eb('photos.latitude', '>=', south), eb('photos.latitude', '<', north));
    const from = eb('photos.longitude', '>=', west);
    const to = eb('photos.longitude', '<', east);
    // West past east: the box crosses the 180th meridian.
    all.push(west <= east ? eb.and([from, to]) : eb.or([from, to]));
  }
  if (f.album_id !== undefined) {
    const albumId = f.album_id;
    all.push(
      eb.exists(
        eb
          .selectFrom('photo_album_items as m')
          .select('m.photo_id')
          .where('m.user_id', '=', userId)
          .where('m.album_id', '=', albumId)
          .whereRef('m.photo_id', '=', 'photos.id'),
      ),
    );
  }
  return eb.and(all);
}

/**
 * Every query of the photo area; each filters by user_id first. Works on a transaction too.
 * @package
 */
export class PhotosRepo {
  constructor(readonly db: Kysely<Database>) {}

  /** Which of these contents the user keeps (in the bin too: the owner deleted it there on purpose). */
  async kept(userId: number, hashes: readonly string[]): Promise<string[]> {
    if (hashes.length === 0) return [];
    const rows = await this.db
      .selectFrom('photos')
      .select('sha256')
      .where('user_id', '=', userId)
      .where('sha256', 'in', hashes)
      .execute();
    return rows.map((r) => r.sha256);
  }

  byHash(userId: number, sha256: string): Promise<PhotoRow | undefined> {
    return this.db
      .selectFrom('photos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('sha256', '=', sha256)
      .executeTakeFirst();
  }

  /** A new photo; undefined when the user has that content already (a second phone raced this one). */
  async insert(row: Insertable<PhotosTable>): Promise<number | undefined> {
    const r = await this.db
      .insertInto('photos')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'sha256']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return r?.id;
  }

  one(userId: number, id: number): Promise<PhotoRow | undefined> {
    return this.db
      .selectFrom('photos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The user's photos among `ids` (other users' ids are simply not there). */
  some(userId: number, ids: readonly number[]): Promise<PhotoRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('photos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .execute();
  }

  /** Every photo not in the bin, oldest first (导出全部数据: one row each is small beside its bytes). */
  keptAll(userId: number): Promise<PhotoRow[]> {
    return this.db
      .selectFrom('photos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('trashed_at', 'is', null)
      .orderBy('taken_at')
      .orderBy('id')
      .execute();
  }

  /** One timeline page, newest first, after `after`. */
  page(userId: number, f: PhotoFilter, after: Cursor | null, limit: number): Promise<PhotoRow[]> {
    let q = this.db
      .selectFrom('photos')
      .selectAll()
      .where((eb) => filtered(eb, userId, f));
    if (after) {
      q = q.where((eb) =>
        eb.or([
          eb('taken_at', '<', after.taken_at),
          eb.and([eb('taken_at', '=', after.taken_at), eb('id', '<', after.id)]),
        ]),
      );
    }
    return q.orderBy('taken_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /** How many listed photos each month holds, newest month first. */
  months(userId: number, f: PhotoFilter): Promise<{ month: number; count: number }[]> {
    return this.db
      .selectFrom('photos')
      .select(['month', (eb) => eb.fn.countAll<number>().as('count')])
      .where((eb) => filtered(eb, userId, f))
      .groupBy('month')
      .orderBy('month', 'desc')
      .execute();
  }

  /**
   * The map: the listed photos with coordinates, grouped by grid cell (`cell` degrees), each
   * group's mean position, count, newest photo (the cover) and a place name one of them has.
   */
  async places(userId: number, f: PhotoFilter, cell: number): Promise<PlaceRow[]> {
    const size = sql`cast(${cell} as double precision)`;
    const cellOf = sql`floor(photos.latitude / ${size}), floor(photos.longitude / ${size})`;
    const inner = this.db
      .selectFrom('photos')
      .where((eb) => filtered(eb, userId, f))
      .where('photos.latitude', 'is not', null)
      .where('photos.longitude', 'is not', null)
      .select([
        'photos.id',
        'photos.place',
        sql<number>`row_number() over (partition by ${cellOf} order by photos.taken_at desc, photos.id desc)`.as(
          'rank',
        ),
        sql<number>`count(*) over (partition by ${cellOf})`.as('count'),
        sql<number>`avg(photos.latitude) over (partition by ${cellOf})`.as('latitude'),
        sql<number>`avg(photos.longitude) over (partition by ${cellOf})`.as('longitude'),
        sql<string | null>`max(photos.place) over (partition by ${cellOf})`.as('any_place'),
      ]);
    return this.db
      .selectFrom(inner.as('p'))
      .select(['p.id', 'p.place', 'p.count', 'p.latitude', 'p.longitude', 'p.any_place'])
      .where('p.rank', '=', 1)
      .orderBy('p.count', 'desc')
      .orderBy('p.id', 'desc')
      .execute();
  }

  /** The user's live photos among `ids` and the other halves of their Live Photos. */
  withPartners(userId: number, ids: readonly number[]): Promise<PhotoRow[]> {
    return this.db
      .selectFrom('photos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('trashed_at', 'is', null)
      .where((eb) => eb.or([eb('id', 'in', ids), eb('live_pair_id', 'in', ids)]))
      .orderBy('taken_at')
      .orderBy('id')
      .execute();
  }

  saveZipLink(userId: number, id: string, ids: readonly number[], now: number, expiresAt: number) {
    return this.db
      .insertInto('photo_zip_links')
      .values({ user_id: userId, id, ids: JSON.stringify(ids), created_at: now, expires_at: expiresAt })
      .execute();
  }

  /** A link of the user that has not expired at `now`. */
  zipLink(userId: number, id: string, now: number) {
    return this.db
      .selectFrom('photo_zip_links')
      .select('ids')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Links expired before `now`, of every user (housekeeping). */
  dropExpiredZipLinks(now: number) {
    return this.db.deleteFrom('photo_zip_links').where('expires_at', '<=', now).execute();
  }

  setFavourite(userId: number, ids: readonly number[], favourite: boolean) {
    return this.db
      .updateTable('photos')
      .set({ favourite: favourite ? 1 : 0 })
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .where('trashed_at', 'is', null)
      .executeTakeFirst();
  }

  /** Into the bin (`at`) or out of it (null); only rows on the other side move. */
  setTrashed(userId: number, ids: readonly number[], at: number | null) {
    return this.db
      .updateTable('photos')
      .set({ trashed_at: at })
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .where('trashed_at', at === null ? 'is not' : 'is', null)
      .executeTakeFirst();
  }

  /** One bin page, latest deleted first. */
  binPage(userId: number, after: Cursor | null, limit: number): Promise<PhotoRow[]> {
    let q = this.db
      .selectFrom('photos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('trashed_at', 'is not', null)
      .where('live_role', '!=', LiveRole.MOTION);
    if (after) {
      q = q.where((eb) =>
        eb.or([
          eb('trashed_at', '<', after.taken_at),
          eb.and([eb('trashed_at', '=', after.taken_at), eb('id', '<', after.id)]),
        ]),
      );
    }
    return q.orderBy('trashed_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /** The user's binned photos (all when `ids` is null). */
  binned(userId: number, ids: readonly number[] | null): Promise<PhotoRow[]> {
    if (ids?.length === 0) return Promise.resolve([]);
    let q = this.db
      .selectFrom('photos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('trashed_at', 'is not', null);
    if (ids) q = q.where('id', 'in', ids);
    return q.execute();
  }

  /** Bin rows deleted before `before`, of every user (housekeeping). */
  expired(before: number, limit: number): Promise<PhotoRow[]> {
    return this.db.selectFrom('photos').selectAll().where('trashed_at', '<', before).limit(limit).execute();
  }

  /** Every row of the user (account deletion). */
  all(userId: number): Promise<Pick<PhotoRow, 'sha256' | 'thumb_key' | 'thumb_large_key'>[]> {
    return this.db
      .selectFrom('photos')
      .select(['sha256', 'thumb_key', 'thumb_large_key'])
      .where('user_id', '=', userId)
      .execute();
  }

  remove(userId: number, id: number) {
    return this.db.deleteFrom('photos').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  }

  /**
   * A read row waiting to be read again, its thumbnails let go of; false when it was not read
   * with these thumbnails any more (read again already, or deleted).
   */
  async unread(userId: number, id: number, thumbKey: string): Promise<boolean> {
    const r = await this.db
      .updateTable('photos')
      .set({ meta_state: MetaState.PENDING, thumb_key: null, thumb_large_key: null })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('meta_state', '=', MetaState.READ)
      .where('thumb_key', '=', thumbKey)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Rows whose metadata is still to be read, oldest first, of every user (the queue's restart). */
  pending(limit: number): Promise<Pick<PhotoRow, 'user_id' | 'id'>[]> {
    return this.db
      .selectFrom('photos')
      .select(['user_id', 'id'])
      .where('meta_state', '=', MetaState.PENDING)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  update(userId: number, id: number, set: Updateable<PhotosTable>) {
    return this.db
      .updateTable('photos')
      .set(set)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  /** The other half of a Live Photo: the same base name, the other kind, taken within `windowMs`. */
  livePartner(userId: number, row: PhotoRow, windowMs: number): Promise<PhotoRow | undefined> {
    return this.db
      .selectFrom('photos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('live_key', '=', row.live_key)
      .where('kind', '!=', row.kind)
      .where('id', '!=', row.id)
      .where('meta_state', '=', MetaState.READ)
      .where('live_pair_id', 'is', null)
      .where('taken_at', '>=', row.taken_at - windowMs)
      .where('taken_at', '<=', row.taken_at + windowMs)
      .executeTakeFirst();
  }

  albumsOf(userId: number, photoId: number): Promise<number[]> {
    return this.db
      .selectFrom('photo_album_items')
      .select('album_id')
      .where('user_id', '=', userId)
      .where('photo_id', '=', photoId)
      .execute()
      .then((rows) => rows.map((r) => r.album_id));
  }

  settings(userId: number) {
    return this.db.selectFrom('photo_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  saveSettings(userId: number, deleteFollowsPhone: boolean) {
    const v = deleteFollowsPhone ? 1 : 0;
    return this.db
      .insertInto('photo_settings')
      .values({ user_id: userId, delete_follows_phone: v })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ delete_follows_phone: v }))
      .execute();
  }
}
