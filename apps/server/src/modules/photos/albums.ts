import { PHOTO_ALBUMS_MAX, type PhotoAlbum, PhotoMsg } from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import { invalid } from '../../http/errors.js';
import { type AlbumCount, AlbumsRepo } from './albums-repo.js';
import { albumNotFound, photoNotFound } from './errors.js';
import { PhotosRepo } from './repo.js';

function view(a: AlbumCount): PhotoAlbum {
  const count = Number(a.count);
  return {
    id: a.id,
    name: a.name,
    count,
    cover_id: a.cover_id ?? (count > 0 && a.newest !== null ? Number(a.newest) : null),
    created_at: a.created_at,
    updated_at: a.updated_at,
  };
}

/**
 * Albums: a name and a set of the user's photos (a photo may be in several); the cover is chosen
 * among its photos, else the newest added is shown.
 * @package
 */
export class Albums {
  private readonly repo: AlbumsRepo;
  private readonly photos: PhotosRepo;

  constructor(private readonly deps: AppDeps) {
    this.repo = new AlbumsRepo(deps.db);
    this.photos = new PhotosRepo(deps.db);
  }

  async list(userId: number): Promise<PhotoAlbum[]> {
    return (await this.repo.list(userId)).map(view);
  }

  private async one(userId: number, id: number): Promise<PhotoAlbum> {
    const a = (await this.repo.list(userId)).find((x) => x.id === id);
    if (!a) throw albumNotFound();
    return view(a);
  }

  private async mustExist(userId: number, id: number): Promise<void> {
    if (!(await this.repo.one(userId, id))) throw albumNotFound();
  }

  async create(userId: number, name: string): Promise<PhotoAlbum> {
    if ((await this.repo.count(userId)) >= PHOTO_ALBUMS_MAX) throw invalid(PhotoMsg.ALBUMS_TOO_MANY);
    if (await this.repo.byName(userId, name)) throw invalid(PhotoMsg.ALBUM_NAME_EXISTS);
    const id = await this.repo.create(userId, name, this.deps.clock.now());
    return this.one(userId, id);
  }

  async rename(userId: number, id: number, name: string): Promise<PhotoAlbum> {
    await this.mustExist(userId, id);
    const same = await this.repo.byName(userId, name);
    if (same && same.id !== id) throw invalid(PhotoMsg.ALBUM_NAME_EXISTS);
    await this.repo.update(userId, id, { name, updated_at: this.deps.clock.now() });
    return this.one(userId, id);
  }

  async remove(userId: number, id: number): Promise<Record<string, never>> {
    await this.mustExist(userId, id);
    await this.repo.remove(userId, id);
    return {};
  }

  /** Adds the user's live photos among `ids`; an id that is not theirs is refused, nothing added. */
  async add(userId: number, id: number, ids: number[]): Promise<PhotoAlbum> {
    await this.mustExist(userId, id);
    const rows = await this.photos.some(userId, ids);
    if (rows.length !== new Set(ids).size || rows.some((r) => r.trashed_at !== null)) throw photoNotFound();
    await this.repo.add(userId, id, ids, this.deps.clock.now());
    await this.repo.update(userId, id, { updated_at: this.deps.clock.now() });
    return this.one(userId, id);
  }

  async removeItems(userId: number, id: number, ids: number[]): Promise<PhotoAlbum> {
    const album = await this.repo.one(userId, id);
    if (!album) throw albumNotFound();
    await this.repo.removeItems(userId, id, ids);
    const cover = album.cover_id !== null && ids.includes(album.cover_id) ? null : album.cover_id;
    await this.repo.update(userId, id, { cover_id: cover, updated_at: this.deps.clock.now() });
    return this.one(userId, id);
  }

  async cover(userId: number, id: number, photoId: number): Promise<PhotoAlbum> {
    await this.mustExist(userId, id);
    if (!(await this.repo.holds(userId, id, photoId))) throw invalid(PhotoMsg.COVER_NOT_IN_ALBUM);
    await this.repo.update(userId, id, { cover_id: photoId, updated_at: this.deps.clock.now() });
    return this.one(userId, id);
  }
}
