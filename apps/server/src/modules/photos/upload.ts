import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  PHOTO_HASHES_MAX,
  PhotoMsg,
  type PhotoUploadComplete,
  type PhotoUploadStart,
  type PhotoUploadState,
  photoKindOf,
} from '@phonecloud/shared';
import type { Db } from '../../db/index.js';
import type { AppDeps } from '../../http/context.js';
import { invalid } from '../../http/errors.js';
import { BlobIndex } from '../../storage/blob-index.js';
import { Drive } from '../drive/index.js';
import { photoQueue } from './meta/queue.js';
import { newPhotoRow } from './new-row.js';
import { PhotosRepo } from './repo.js';
import { PhotosService } from './service.js';

/**
 * The phone's backup: contents the user keeps are skipped by hash (whichever phone sent them);
 * the others go through the drive's resumable upload sessions and quota, and become a photo row
 * holding the blob's reference when their bytes hash to what the phone announced.
 *
 * A photo whose stored bytes the store check found damaged counts as not kept: told it is
 * backed up, a phone may free the space its copy takes, the only good one left. Sent again, its
 * bytes replace the damaged ones under the same key (the row stays), and the next check clears it.
 * @package
 */
export class PhotoUploads {
  private readonly repo: PhotosRepo;
  private readonly drive: Drive;
  private readonly blobIndex: BlobIndex;

  constructor(private readonly deps: AppDeps) {
    this.repo = new PhotosRepo(deps.db);
    this.drive = new Drive(deps);
    this.blobIndex = new BlobIndex(deps.db);
  }

  async check(userId: number, hashes: string[]): Promise<{ present: string[] }> {
    const kept = await this.repo.kept(userId, hashes);
    const damaged = await this.blobIndex.damagedAmong(kept);
    return { present: damaged.size === 0 ? kept : kept.filter((h) => !damaged.has(h)) };
  }

  /**
   * The contents of the user's photos the store check found damaged, for the phones to send
   * again: the damaged blobs of every area are few (read through their own index), so they are
   * read first and matched against the user's photos.
   */
  async damaged(userId: number): Promise<{ sha256: string[] }> {
    const keys = await this.blobIndex.damagedKeys();
    const mine: string[] = [];
    for (let i = 0; i < keys.length && mine.length < PHOTO_HASHES_MAX; i += PHOTO_HASHES_MAX) {
      mine.push(...(await this.repo.kept(userId, keys.slice(i, i + PHOTO_HASHES_MAX))));
    }
    return { sha256: mine.slice(0, PHOTO_HASHES_MAX) };
  }

  /** The user's photo of this content, unless its stored bytes are damaged (see above). */
  private async keptWhole(userId: number, sha256: string) {
    const kept = await this.repo.byHash(userId, sha256);
    return kept && !(await this.blobIndex.isDamaged(sha256)) ? kept : undefined;
  }

  async start(userId: number, s: PhotoUploadStart): Promise<PhotoUploadState> {
    if (!photoKindOf(s.name)) throw invalid(PhotoMsg.NOT_A_PHOTO);
    const kept = await this.keptWhole(userId, s.sha256);
    if (kept) return { done: true, photo_id: kept.id };
    if (s.upload_id) {
      const open = await this.drive.areaUpload(userId, s.upload_id);
      if (open && open.size === s.size) {
        const { part_size, part_count, parts_done } = open;
        return { done: false, upload_id: open.id, part_size, part_count, parts_done };
      }
    }
    const u = await this.drive.startAreaUpload(userId, s.name, s.size);
    return { done: false, upload_id: u.id, part_size: u.part_size, part_count: u.part_count, parts_done: [] };
  }

  part(userId: number, uploadId: string, partNumber: number, body: Readable, declared?: number) {
    return this.drive.putAreaPart(userId, uploadId, partNumber, body, declared);
  }

  /** The row's writer for a completed upload; `photoId()` answers it (or the row already there) after. */
  private linker(userId: number, deviceId: string, c: PhotoUploadStart) {
    const kind = photoKindOf(c.name);
    if (!kind) throw invalid(PhotoMsg.NOT_A_PHOTO);
    let photoId = 0;
    let created = false;
    const link = async (trx: Db, info: { key: string; size: number }) => {
      if (info.key !== c.sha256) throw invalid(PhotoMsg.HASH_MISMATCH);
      const repo = new PhotosRepo(trx);
      const id = await repo.insert(this.newRow(userId, deviceId, c, kind, info.size));
      photoId = id ?? (await repo.byHash(userId, c.sha256))?.id ?? 0;
      created = id !== undefined;
      return created;
    };
    return { link, photoId: () => photoId, created: () => created };
  }

  /** A file of one part in one request: the start, its part and the completion at once. */
  async whole(
    userId: number,
    deviceId: string,
    s: PhotoUploadStart,
    body: Readable,
    declared?: number,
  ): Promise<{ photo_id: number; created: boolean }> {
    const kept = await this.keptWhole(userId, s.sha256);
    if (kept) {
      body.resume();
      return { photo_id: kept.id, created: false };
    }
    const { link, photoId, created } = this.linker(userId, deviceId, s);
    await this.drive.areaUploadWhole(userId, s.name, s.size, body, link, declared);
    photoQueue(this.deps).push(userId, photoId());
    return { photo_id: photoId(), created: created() };
  }

  async complete(userId: number, deviceId: string, c: PhotoUploadComplete): Promise<{ photo_id: number }> {
    const { link, photoId: linked } = this.linker(userId, deviceId, c);
    try {
      await this.drive.completeAreaUpload(userId, c.upload_id, link);
    } catch (err) {
      // Bytes that are not what the phone announced are dropped: it sends the file again.
      if (err instanceof Error && err.message === PhotoMsg.HASH_MISMATCH) {
        await this.drive.abortAreaUpload(userId, c.upload_id);
      }
      throw err;
    }
    const photoId = linked();
    photoQueue(this.deps).push(userId, photoId);
    return { photo_id: photoId };
  }

  private newRow(
    userId: number,
    deviceId: string,
    c: PhotoUploadStart,
    kind: 'image' | 'video',
    size: number,
  ) {
    return newPhotoRow({
      userId,
      sha256: c.sha256,
      size,
      name: c.name,
      kind,
      // Until the file's own time is read: the phone's file time on the phone's clock.
      takenAt: c.mtime + (c.tz_offset ?? 0) * 60_000,
      tzOffset: c.tz_offset ?? null,
      source: deviceId,
      createdAt: this.deps.clock.now(),
    });
  }

  /** A file already in memory (the demo's) through the same session, part and completion as a phone's. */
  async addLocal(
    userId: number,
    source: string,
    name: string,
    bytes: Buffer,
    mtime: number,
  ): Promise<number> {
    const announce = {
      sha256: createHash('sha256').update(bytes).digest('hex'),
      size: bytes.length,
      name,
      mtime,
    };
    const s = await this.start(userId, announce);
    if (s.done) return s.photo_id;
    for (let n = 1; n <= s.part_count; n++) {
      const part = bytes.subarray((n - 1) * s.part_size, n * s.part_size);
      await this.part(userId, s.upload_id, n, Readable.from([part]), part.length);
    }
    return (await this.complete(userId, source, { ...announce, upload_id: s.upload_id })).photo_id;
  }

  /** The phone removed these files: they go to the bin only when the owner asked for it. */
  async deletedOnPhone(userId: number, hashes: string[]): Promise<{ deleted: number }> {
    const service = new PhotosService(this.deps);
    if (!(await service.settings(userId)).delete_follows_phone) return { deleted: 0 };
    const ids: number[] = [];
    for (const h of hashes) {
      const row = await this.repo.byHash(userId, h);
      if (row && row.trashed_at === null) ids.push(row.id);
    }
    return ids.length ? service.trash(userId, ids) : { deleted: 0 };
  }
}
