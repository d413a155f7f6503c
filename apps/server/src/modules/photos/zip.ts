import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { PHOTO_ZIP_LINK_MINUTES, PhotoApi } from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import type { ZipEntry } from '../../lib/zip.js';
import { BlobIndex } from '../../storage/blob-index.js';
import { photoNotFound } from './errors.js';
import { safeName, uniqueIn } from './names.js';
import { type PhotoRow, PhotosRepo } from './repo.js';

const LINK_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The zip download of a selection: the call checks the selection and keeps it behind a random
 * link of the user's; the link's GET writes the zip while it downloads, one original at a time,
 * stored as they are (pictures and videos are compressed already).
 * @package
 */
export class PhotoZips {
  private readonly repo: PhotosRepo;

  constructor(private readonly deps: AppDeps) {
    this.repo = new PhotosRepo(deps.db);
  }

  /** Refused (1000) when any id is not one of the user's live photos: the portal shows only those. */
  async link(userId: number, ids: number[]): Promise<{ url: string }> {
    const wanted = [...new Set(ids)];
    const rows = await this.repo.some(userId, wanted);
    if (rows.length !== wanted.length || rows.some((r) => r.trashed_at !== null)) throw photoNotFound();
    const now = this.deps.clock.now();
    const id = randomBytes(18).toString('base64url');
    await this.repo.saveZipLink(userId, id, wanted, now, now + PHOTO_ZIP_LINK_MINUTES * 60_000);
    return { url: `${PhotoApi.zip}/${id}` };
  }

  /**
   * The zip's name and entries for a live link of the user, or null. The photos are read again:
   * one deleted since the link was made is left out. `damaged` names the entries whose stored
   * bytes the store check found changed: such a zip is refused before its first byte.
   */
  async open(
    userId: number,
    linkId: string,
  ): Promise<{ name: string; entries: ZipEntry[]; damaged: string[] } | null> {
    if (!LINK_ID.test(linkId)) return null;
    const link = await this.repo.zipLink(userId, linkId, this.deps.clock.now());
    if (!link) return null;
    const rows = await this.repo.withPartners(userId, JSON.parse(link.ids) as number[]);
    const entries = zipEntries(rows, (key) => this.deps.blobs.get(key));
    const bad = await new BlobIndex(this.deps.db).damagedAmong(rows.map((r) => r.sha256));
    const damaged = entries.filter((_, i) => bad.has((rows[i] as PhotoRow).sha256)).map((e) => e.name);
    return { name: `相册-${entries.length}个文件.zip`, entries, damaged };
  }

  expire() {
    return this.repo.dropExpiredZipLinks(this.deps.clock.now());
  }
}

/** Each original under its own name, oldest first; a second of a name gets ` (2)`. */
function zipEntries(rows: readonly PhotoRow[], open: (key: string) => Promise<Readable>): ZipEntry[] {
  const taken = new Set<string>();
  return rows.map(
    (r): ZipEntry => ({
      name: uniqueIn(taken, '', safeName(r.name)),
      size: r.size,
      mtime: new Date(r.taken_at),
      compress: false,
      open: () => open(r.sha256),
    }),
  );
}
