import {
  DRIVE_ROOT_NUMERIC_ID,
  DriveCode,
  PHOTO_FILE_MAX_BYTES,
  PhotoMsg,
  photoKindOf,
  watchFolderNames,
} from '@phonecloud/shared';
import type { Insertable } from 'kysely';
import type { PhotosTable } from '../../../db/schema.js';
import type { AppDeps } from '../../../http/context.js';
import { AppError, invalid } from '../../../http/errors.js';
import type { DriveItemsLanded } from '../../../lib/app-events.js';
import { BlobIndex } from '../../../storage/blob-index.js';
import { Drive, type DriveItem, FOLDER } from '../../drive/index.js';
import { photoQueue } from '../meta/queue.js';
import { newPhotoRow } from '../new-row.js';
import { PhotosRepo } from '../repo.js';
import { WatchRepo } from './watch-repo.js';

/** Items (or contents) looked up at once. */
const SEEN_CHUNK = 500;
/** Users per page of housekeeping's walks. */
const USERS_PAGE = 100;
/** `source` of a photo taken from the watched folder (a phone's is its device id). */
export const WATCH_SOURCE = 'drive';

/**
 * The folder watch (docs/photos.md): the pictures and videos of a drive folder a stock phone app
 * backs up into over WebDAV become photos of the same user. A photo is the same content, so the
 * same blob (one more reference, no bytes copied), and its space is the drive file's: the photo
 * is marked carried and counts nothing while a drive file of that content exists (live or in the
 * drive's bin); once none does, housekeeping counts it on the photo. A content kept already (sent
 * by the phone) is not taken twice: its bytes are carried by the file from then on.
 */
export class PhotoWatch {
  private readonly drive: Drive;
  private readonly repo: WatchRepo;

  constructor(private readonly deps: AppDeps) {
    this.drive = new Drive(deps);
    this.repo = new WatchRepo(deps.db);
  }

  /** The watched folder's path, or null when the watch is off. */
  path(userId: number): Promise<string | null> {
    return this.repo.folder(userId);
  }

  /** The watched folder as a live drive folder; null when off, or when it is gone or renamed. */
  async folder(userId: number): Promise<DriveItem | null> {
    const path = await this.repo.folder(userId);
    const names = path === null ? null : watchFolderNames(path);
    if (!names?.length) return null;
    const { item } = await this.drive.walk(userId, names);
    return item && item.kind === FOLDER ? item : null;
  }

  /**
   * Watches the folder at `raw` (made when missing), or nothing when it is '' or null. Answers
   * whether there is a folder to scan now. Another folder than before is looked at anew.
   */
  async setFolder(userId: number, raw: string | null): Promise<boolean> {
    if (raw !== null && /^[\s/]+$/.test(raw)) throw invalid(PhotoMsg.WATCH_FOLDER_ROOT);
    const names = watchFolderNames(raw ?? '');
    if (names === null) throw invalid(PhotoMsg.WATCH_FOLDER_BAD);
    const path = names.length ? await this.ensureFolder(userId, names) : null;
    if (path !== (await this.repo.folder(userId))) {
      await this.repo.forget(userId);
      await this.repo.saveFolder(userId, path);
    }
    return path !== null;
  }

  /** The folder at `names`, each missing one made; answers its path as the drive names it. */
  private async ensureFolder(userId: number, names: readonly string[]): Promise<string> {
    const made: string[] = [];
    let parentId = DRIVE_ROOT_NUMERIC_ID;
    for (const name of names) {
      let item = (await this.drive.child(userId, parentId, name)) ?? null;
      if (!item) {
        try {
          await this.drive.open(userId);
          item = await this.drive.createFolder(userId, parentId, name);
        } catch (err) {
          // Made meanwhile by another request: that one is the folder.
          if (!(err instanceof AppError && err.code === DriveCode.NAME_EXISTS)) throw err;
          item = (await this.drive.child(userId, parentId, name)) ?? null;
        }
      }
      if (!item) throw invalid(PhotoMsg.WATCH_FOLDER_BAD);
      if (item.kind !== FOLDER) throw invalid(PhotoMsg.WATCH_FOLDER_IS_FILE);
      made.push(item.name);
      parentId = item.id;
    }
    return `/${made.join('/')}`;
  }

  /** Items that landed in the drive: those inside the watched folder are taken in. */
  async landed(e: DriveItemsLanded): Promise<number> {
    const folder = await this.folder(e.userId);
    if (!folder) return 0;
    let taken = 0;
    for (const id of e.ids) {
      const chain = await this.drive.liveChain(e.userId, id);
      const item = chain?.[0];
      if (!item || !chain.some((c) => c.id === folder.id)) continue;
      const files = item.kind === FOLDER ? await this.drive.filesUnder(e.userId, item.id) : [item];
      taken += await this.consider(e.userId, files);
    }
    return taken;
  }

  /** Takes in what the watched folder holds and was not considered yet (turned on, housekeeping). */
  async scan(userId: number): Promise<number> {
    const folder = await this.folder(userId);
    if (!folder) return 0;
    return this.consider(userId, await this.drive.filesUnder(userId, folder.id));
  }

  /** The pictures and videos among `files` not considered yet, taken in; answers how many became photos. */
  private async consider(userId: number, files: readonly DriveItem[]): Promise<number> {
    const candidates = files.filter((f) => photoKindOf(f.name) !== null);
    let taken = 0;
    for (let i = 0; i < candidates.length; i += SEEN_CHUNK) {
      const chunk = candidates.slice(i, i + SEEN_CHUNK);
      const seen = await this.repo.seen(
        userId,
        chunk.map((f) => f.id),
      );
      for (const f of chunk) if (!seen.has(f.id) && (await this.takeIn(userId, f))) taken++;
    }
    return taken;
  }

  /**
   * One file of the watched folder, in one transaction: marked considered, then a new photo on the
   * file's blob (carried: the file counts the bytes), or, when the user keeps that content already,
   * that photo's bytes moved onto the file. Answers whether a photo was made.
   */
  private async takeIn(userId: number, file: DriveItem): Promise<boolean> {
    const kind = photoKindOf(file.name);
    const key = file.blob_key;
    const now = this.deps.clock.now();
    const id = await this.deps.db.transaction().execute(async (trx) => {
      if (!(await new WatchRepo(trx).see(userId, file.id))) return undefined;
      // Nothing to show of an empty file; one past the area's limit is the drive's alone.
      if (!kind || !key || file.size === 0 || file.size > PHOTO_FILE_MAX_BYTES) return undefined;
      const photos = new PhotosRepo(trx);
      const made = await photos.insert(this.rowOf(userId, file, key, kind, now));
      if (made !== undefined) {
        // The blob is collected only once no row holds it: a file purged meanwhile took it away.
        if (!(await new BlobIndex(trx).refExisting(trx, key, now))) throw new Error(`blob ${key} is gone`);
        return made;
      }
      const kept = await photos.byHash(userId, key);
      if (kept && (await new WatchRepo(trx).setCarried(userId, kept.id, true))) {
        await this.drive.freeSpace(trx, userId, kept.size);
      }
      return undefined;
    });
    if (id === undefined) return false;
    photoQueue(this.deps).push(userId, id);
    return true;
  }

  private rowOf(
    userId: number,
    file: DriveItem,
    key: string,
    kind: 'image' | 'video',
    now: number,
  ): Insertable<PhotosTable> {
    const row = newPhotoRow({
      userId,
      sha256: key,
      size: file.size,
      name: file.name,
      kind,
      // Until the file's own time is read: the file's time as the client set it (WebDAV's
      // X-OC-Mtime, else the upload's), read as the camera's clock; no zone is known.
      takenAt: file.updated_at,
      tzOffset: null,
      source: WATCH_SOURCE,
      createdAt: now,
    });
    return { ...row, drive_carried: 1 };
  }

  /**
   * Photos whose carrying file is gone for good (purged from the drive's bin) count their own
   * bytes from now on, even past the total: they are stored already. Answers how many.
   */
  async recharge(userId: number): Promise<number> {
    const carried = await this.repo.carried(userId);
    let moved = 0;
    for (let i = 0; i < carried.length; i += SEEN_CHUNK) {
      const chunk = carried.slice(i, i + SEEN_CHUNK);
      const held = await this.drive.heldContents(
        userId,
        chunk.map((p) => p.sha256),
      );
      for (const p of chunk) {
        if (held.has(p.sha256)) continue;
        await this.deps.db.transaction().execute(async (trx) => {
          if (!(await new WatchRepo(trx).setCarried(userId, p.id, false))) return;
          await this.drive.chargeSpace(trx, userId, p.size);
          moved++;
        });
      }
    }
    return moved;
  }

  /** Housekeeping: every watched folder scanned (a file whose telling was lost), then the counts settled. */
  async housekeeping(): Promise<void> {
    await this.eachUser(
      (after) => this.repo.watchers(after, USERS_PAGE),
      (u) => this.scan(u),
    );
    await this.eachUser(
      (after) => this.repo.carriers(after, USERS_PAGE),
      (u) => this.recharge(u),
    );
  }

  private async eachUser(
    page: (after: number) => Promise<number[]>,
    run: (userId: number) => Promise<number>,
  ): Promise<void> {
    for (let after = 0; ; ) {
      const users = await page(after);
      for (const u of users) await run(u);
      const last = users.at(-1);
      if (last === undefined || users.length < USERS_PAGE) return;
      after = last;
    }
  }
}
