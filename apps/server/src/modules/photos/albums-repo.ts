import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type AlbumRow, LiveRole } from './repo.js';

/** @package */
export interface AlbumCount extends AlbumRow {
  count: number;
  newest: number | null;
}

/**
 * The albums' queries; each filters by user_id first.
 * @package
 */
export class AlbumsRepo {
  constructor(readonly db: Kysely<Database>) {}

  /** Every album with how many live photos it holds and its newest one (the cover by default). */
  list(userId: number): Promise<AlbumCount[]> {
    return this.db
      .selectFrom('photo_albums as a')
      .leftJoin('photo_album_items as m', (j) =>
        j.onRef('m.album_id', '=', 'a.id').onRef('m.user_id', '=', 'a.user_id'),
      )
      .leftJoin('photos as p', (j) =>
        j
          .onRef('p.id', '=', 'm.photo_id')
          .onRef('p.user_id', '=', 'a.user_id')
          .on('p.trashed_at', 'is', null)
          .on('p.live_role', '!=', LiveRole.MOTION),
      )
      .selectAll('a')
      .select((eb) => [
        eb.fn.count<number>('p.id').as('count'),
        eb.fn.max<number | null>('p.id').as('newest'),
      ])
      .where('a.user_id', '=', userId)
      .groupBy(['a.id', 'a.user_id', 'a.name', 'a.cover_id', 'a.created_at', 'a.updated_at'])
      .orderBy('a.updated_at', 'desc')
      .orderBy('a.id', 'desc')
      .execute();
  }

  /** Which album names each photo is in (导出全部数据's list). */
  memberships(userId: number): Promise<{ photo_id: number; name: string }[]> {
    return this.db
      .selectFrom('photo_album_items as m')
      .innerJoin('photo_albums as a', (j) =>
        j.onRef('a.id', '=', 'm.album_id').onRef('a.user_id', '=', 'm.user_id'),
      )
      .select(['m.photo_id', 'a.name'])
      .where('m.user_id', '=', userId)
      .orderBy('a.name')
      .execute();
  }

  one(userId: number, id: number): Promise<AlbumRow | undefined> {
    return this.db
      .selectFrom('photo_albums')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  count(userId: number): Promise<number> {
    return this.db
      .selectFrom('photo_albums')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  byName(userId: number, name: string): Promise<AlbumRow | undefined> {
    return this.db
      .selectFrom('photo_albums')
      .selectAll()
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async create(userId: number, name: string, now: number): Promise<number> {
    const r = await this.db
      .insertInto('photo_albums')
      .values({ user_id: userId, name, cover_id: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  update(userId: number, id: number, set: { name?: string; cover_id?: number | null; updated_at: number }) {
    return this.db
      .updateTable('photo_albums')
      .set(set)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  remove(userId: number, id: number) {
    return this.db.deleteFrom('photo_albums').where('user_id', '=', userId).where('id', '=', id).execute();
  }

  add(userId: number, albumId: number, photoIds: readonly number[], now: number) {
    return this.db
      .insertInto('photo_album_items')
      .values(photoIds.map((photo_id) => ({ user_id: userId, album_id: albumId, photo_id, added_at: now })))
      .onConflict((oc) => oc.columns(['album_id', 'photo_id']).doNothing())
      .execute();
  }

  removeItems(userId: number, albumId: number, photoIds: readonly number[]) {
    return this.db
      .deleteFrom('photo_album_items')
      .where('user_id', '=', userId)
      .where('album_id', '=', albumId)
      .where('photo_id', 'in', photoIds)
      .execute();
  }

  holds(userId: number, albumId: number, photoId: number): Promise<boolean> {
    return this.db
      .selectFrom('photo_album_items')
      .select('photo_id')
      .where('user_id', '=', userId)
      .where('album_id', '=', albumId)
      .where('photo_id', '=', photoId)
      .executeTakeFirst()
      .then((r) => r !== undefined);
  }

  /** Albums whose cover is one of these photos (going for good) lose the cover. */
  dropCovers(userId: number, photoIds: readonly number[]) {
    return this.db
      .updateTable('photo_albums')
      .set({ cover_id: null })
      .where('user_id', '=', userId)
      .where('cover_id', 'in', photoIds)
      .execute();
  }
}
