import { randomInt } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DriveMsg,
  HASH_CHUNK_BYTES,
  UPLOAD_IDLE_MINUTES,
  UPLOAD_SESSION_TTL_HOURS,
  V2_MAX_PARTS,
  V2_PART_SIZE,
} from '@phonecloud/shared';
import { invalid } from '../../../http/errors.js';
import { randomToken } from '../../../lib/crypto.js';
import { uploadBytes } from '../../../lib/metrics.js';
import type { BlobInfo } from '../../../storage/blob-store.js';
import { type Face, nameExists, uploadGone, uploadMismatch } from '../errors.js';
import { type Exec, FILE, type ItemRow, isUniqueViolation } from '../items-repo.js';
import { cleanName, freeName, namePrefix } from '../names.js';
import { thumbAhead } from '../preview/thumbs.js';
import type { DriveService } from '../service.js';
import { Parts, STAGED } from './parts.js';
import type { UploadRow } from './upload-row.js';

export type { UploadRow } from './upload-row.js';
/** What to do when the name is taken at completion (v2 check_name_mode, v1 duplicatePolicy). */
export type UploadNameMode = 'refuse' | 'auto_rename' | 'same_or_rename' | 'overwrite';
/** 'area': a file of another area (photos) sent in parts like v2's, whose end is that area's row, not an item. */
export type UploadFace = 'v2' | 'v1' | 'quick' | 'area';

export interface NewUpload {
  parentId: number;
  name: unknown;
  size: number;
  face: UploadFace;
  nameMode: UploadNameMode;
  /**
   * A v2 session of one part, the whole file, written by one request (WebDAV's PUT): one part row
   * instead of one per 10 MiB, and the session lives as long as a one-request upload.
   */
  onePart?: boolean;
}

/** Makes another area's row for a completed upload in its transaction; false when it keeps none. */
export type AreaLink = (trx: Exec, info: BlobInfo) => Promise<boolean>;

export interface Finished {
  item: ItemRow;
  /** False when policy 2 found the same file under the same name and made nothing new. */
  created: boolean;
}

const TTL_MS = UPLOAD_SESSION_TTL_HOURS * 60 * 60_000;
const IDLE_MS = UPLOAD_IDLE_MINUTES * 60_000;
/**
 * A one-request upload (the older variant's, WebDAV's PUT) holds its session by a lease renewed
 * while its body flows: when the process dies mid-body, nobody can resume it, and its reserved
 * space and staged bytes are released minutes later by whichever instance's housekeeping (and at
 * start-up), not after a day.
 */
const LEASE_MS = 2 * 60_000;
const LEASE_RENEW_MS = 30_000;

export function partSizeFor(size: number): number {
  return Math.max(V2_PART_SIZE, Math.ceil(size / V2_MAX_PARTS));
}
export function partLength(u: UploadRow, partNumber: number): number | null {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > u.part_count) return null;
  return partNumber < u.part_count ? u.part_size : u.size - (u.part_count - 1) * u.part_size;
}

/** Upload sessions: quota reserved at creation, bytes streamed to the blob store, item made at the end. */
export class Uploads {
  private readonly parts_: Parts;

  constructor(private readonly drive: DriveService) {
    this.parts_ = new Parts(drive);
  }

  private get db() {
    return this.drive.deps.db;
  }

  async create(userId: number, u: NewUpload, proof?: { blobKey: string; offset: number; len: number }) {
    const name = cleanName(u.name, 'file');
    if (!Number.isSafeInteger(u.size) || u.size < 0) throw invalid(DriveMsg.UPLOAD_SIZE_MISMATCH);
    const total = await this.drive.quota.total(userId);
    const now = this.drive.now();
    const multipart = u.face === 'v2' || u.face === 'area';
    const partSize = multipart && !u.onePart ? partSizeFor(u.size) : u.size;
    const row: UploadRow = {
      user_id: userId,
      id: randomToken(18),
      face: u.face,
      item_id: 0,
      parent_id: u.parentId,
      name,
      size: u.size,
      // A quick upload brings no bytes: its space is taken when the proof passes.
      reserved: u.face === 'quick' ? 0 : u.size,
      part_size: partSize,
      part_count: multipart && !u.onePart ? Math.max(1, Math.ceil(u.size / partSize)) : 1,
      name_mode: u.nameMode,
      blob_key: proof?.blobKey ?? null,
      proof_offset: proof?.offset ?? null,
      proof_len: proof?.len ?? null,
      created_at: now,
      // Part uploads must keep moving (each part started renews this); a one-request upload has
      // the whole time.
      expires_at: now + (multipart && !u.onePart ? IDLE_MS : u.face === 'quick' ? TTL_MS : LEASE_MS),
    };
    await this.db.transaction().execute(async (trx) => {
      if (u.face === 'area') {
        await this.drive.quota.reserve(trx, userId, row.reserved, total);
        await trx.insertInto('drive_uploads').values(row).execute();
        return;
      }
      await this.drive.liveFolder(userId, u.parentId, trx);
      if (u.nameMode === 'refuse' && (await this.drive.items.childByName(trx, userId, u.parentId, name))) {
        throw sameName(u.face);
      }
      await this.drive.quota.reserve(trx, userId, row.reserved, total);
      row.item_id = await this.drive.items.allocIds(trx, userId, 1);
      await trx.insertInto('drive_uploads').values(row).execute();
    });
    if (multipart) {
      try {
        await this.parts_.open(row.id);
      } catch (err) {
        await this.abort(userId, row.id);
        throw err;
      }
    }
    return row;
  }

  async session(userId: number, id: string, face?: UploadFace): Promise<UploadRow> {
    const row = await this.db
      .selectFrom('drive_uploads')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || row.expires_at <= this.drive.now() || (face && row.face !== face)) throw uploadGone();
    return row;
  }

  /** One part of a v2 upload (see parts.ts); `declared` is the request's Content-Length. */
  async putPart(
    userId: number,
    uploadId: string,
    partNumber: number,
    body: Readable,
    declared?: number,
    face: 'v2' | 'area' = 'v2',
  ) {
    const u = await this.session(userId, uploadId, face);
    const expected = partLength(u, partNumber);
    if (expected === null) throw invalid('part_number');
    const now = this.drive.now();
    await this.db
      .updateTable('drive_uploads')
      .set({ expires_at: Math.min(u.created_at + TTL_MS, now + IDLE_MS) })
      .where('user_id', '=', userId)
      .where('id', '=', uploadId)
      .execute();
    return this.parts_.put(u, partNumber, expected, body, declared);
  }

  /**
   * The one part of a `onePart` session, streamed by the request that made it (under `leased`,
   * whose renewals keep the session while the body flows).
   */
  putWhole(u: UploadRow, body: Readable, declared?: number) {
    if (u.part_count !== 1) throw invalid('part_number');
    return this.parts_.put(u, 1, u.size, body, declared);
  }

  /** Runs a one-request upload's work while renewing its session's lease (see LEASE_MS). */
  async leased<T>(u: UploadRow, work: () => Promise<T>): Promise<T> {
    const renew = () =>
      this.db
        .updateTable('drive_uploads')
        .set({ expires_at: this.drive.now() + LEASE_MS })
        .where('user_id', '=', u.user_id)
        .where('id', '=', u.id)
        .execute()
        .catch(() => undefined);
    const timer = setInterval(() => void renew(), LEASE_RENEW_MS);
    try {
      return await work();
    } finally {
      clearInterval(timer);
      await renew();
    }
  }

  /** Checks every part and its size, makes the parts one blob and makes the item. */
  async complete(userId: number, uploadId: string): Promise<Finished> {
    const u = await this.session(userId, uploadId, 'v2');
    const parts = await this.parts(this.db, userId, uploadId);
    const complete =
      parts.length === u.part_count &&
      parts.every((p, i) => p.part_number === i + 1 && p.size === partLength(u, i + 1));
    if (!complete) throw uploadMismatch();
    return this.finish(userId, u, await this.parts_.assemble(u, parts));
  }

  /** A whole file in one request (the older variant's upload host). */
  async uploadStream(userId: number, u: NewUpload, body: Readable): Promise<Finished> {
    const session = await this.create(userId, u);
    try {
      const info = await this.leased(session, () => this.parts_.storeBlob(body, u.size));
      return await this.finish(userId, session, info);
    } catch (err) {
      await this.abort(userId, session.id);
      throw err;
    }
  }

  /**
   * Makes the item of a finished upload in one transaction: the session is claimed (so it
   * completes once), the name settled by the mode, the blob referenced and the space committed.
   */
  async finish(userId: number, u: UploadRow, info: BlobInfo): Promise<Finished> {
    const mode = u.name_mode as UploadNameMode;
    let name = u.name;
    // Read before the transaction: on SQLite the transaction holds the only connection.
    const total = u.face === 'quick' ? await this.drive.quota.total(userId) : 0;
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const done: Finished = await this.db.transaction().execute(async (trx) => {
          const parts = await this.parts(trx, userId, u.id);
          const now = await this.claim(trx, userId, u.id, parts);
          await this.drive.liveFolder(userId, u.parent_id, trx);
          const clash = await this.drive.items.childByName(trx, userId, u.parent_id, name);
          if (clash) {
            if (mode === 'refuse') throw sameName(u.face);
            if (mode === 'same_or_rename' && clash.kind === FILE && clash.blob_key === info.key) {
              await this.drive.quota.release(trx, userId, u.reserved);
              return { item: clash, created: false };
            }
            if (mode === 'overwrite' && clash.kind === FILE) {
              await trx
                .updateTable('drive_items')
                .set({ trashed_at: now })
                .where('user_id', '=', userId)
                .where('id', '=', clash.id)
                .execute();
            } else {
              name = freeName(
                name,
                await this.drive.items.namesLike(trx, userId, u.parent_id, namePrefix(name, true)),
                true,
              );
            }
          }
          if (u.face === 'quick') {
            await this.drive.quota.addUsed(trx, userId, info.size, total);
          } else {
            await this.drive.quota.commit(trx, userId, u.reserved, info.size);
          }
          await this.drive.blobIndex.ref(trx, info, now);
          const item: ItemRow = {
            user_id: userId,
            id: u.item_id,
            parent_id: u.parent_id,
            name,
            kind: FILE,
            size: info.size,
            blob_key: info.key,
            created_at: now,
            updated_at: now,
            trashed_at: null,
          };
          await trx.insertInto('drive_items').values(item).execute();
          await this.parts_.assertStored(info.key);
          return { item, created: true };
        });
        // A picture's grid thumbnail is made in the background, before the grid asks for it.
        if (done.created) {
          thumbAhead(this.drive.deps, userId, done.item);
          this.drive.landed(userId, [done.item.id]);
        }
        // A quick upload brought no bytes: its content was on the server already.
        if (u.face !== 'quick') uploadBytes.inc({ face: u.face }, info.size);
        return done;
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        if (mode === 'refuse') throw sameName(u.face);
      }
    }
    throw sameName(u.face);
  }

  /** Drops a session: its reservation goes back, its parts lose their reference, its staging file goes. */
  async abort(userId: number, uploadId: string): Promise<void> {
    const face = await this.db.transaction().execute(async (trx) => {
      const parts = await this.parts(trx, userId, uploadId);
      const gone = await trx
        .deleteFrom('drive_uploads')
        .where('user_id', '=', userId)
        .where('id', '=', uploadId)
        .returning(['reserved', 'face'])
        .executeTakeFirst();
      if (!gone) return null;
      const now = this.drive.now();
      for (const p of parts) {
        if (p.blob_key !== STAGED) await this.drive.blobIndex.unref(trx, p.blob_key, now);
      }
      await this.drive.quota.release(trx, userId, gone.reserved);
      return gone.face;
    });
    if (face === 'v2' || face === 'area') await this.parts_.drop(uploadId);
  }

  // ---- another area's file (photos): the same sessions, parts, quota and blob index, no item ----

  /**
   * A whole file of another area in one request (a phone's photo of one part): a session of one
   * part, written in place while its lease is renewed, then completed through `link`.
   */
  async uploadAreaWhole(
    userId: number,
    name: string,
    size: number,
    body: Readable,
    link: AreaLink,
    declared?: number,
  ) {
    const session = await this.create(userId, {
      parentId: 0,
      name,
      size,
      face: 'area',
      nameMode: 'refuse',
      onePart: true,
    });
    try {
      await this.leased(session, () => this.putWhole(session, body, declared));
      return await this.completeArea(userId, session.id, link);
    } catch (err) {
      await this.abort(userId, session.id).catch(() => undefined);
      throw err;
    }
  }

  /** The part numbers a session already holds whole (a resumed upload sends the others). */
  async partsDone(userId: number, uploadId: string): Promise<number[]> {
    return (await this.parts(this.db, userId, uploadId)).map((p) => p.part_number);
  }

  /**
   * Ends a session being completed, in the completion's transaction: its row goes (another
   * completion that took it first leaves uploadGone) and its parts' blobs lose their references.
   * Answers the completion's time.
   */
  private async claim(trx: Exec, userId: number, uploadId: string, parts: readonly { blob_key: string }[]) {
    const claimed = await trx
      .deleteFrom('drive_uploads')
      .where('user_id', '=', userId)
      .where('id', '=', uploadId)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) throw uploadGone();
    const now = this.drive.now();
    for (const p of parts) {
      if (p.blob_key !== STAGED) await this.drive.blobIndex.unref(trx, p.blob_key, now);
    }
    return now;
  }

  /**
   * Checks every part, makes them one blob and hands it to `link` inside the transaction that
   * ends the session: when `link` keeps it (true), the blob gains the reference its row holds and
   * the reservation becomes use; when not (the area had that content already), the space goes back.
   */
  async completeArea(userId: number, uploadId: string, link: AreaLink): Promise<BlobInfo> {
    const u = await this.session(userId, uploadId, 'area');
    const parts = await this.parts(this.db, userId, uploadId);
    const complete =
      parts.length === u.part_count &&
      parts.every((p, i) => p.part_number === i + 1 && p.size === partLength(u, i + 1));
    if (!complete) throw uploadMismatch();
    const info = await this.parts_.assemble(u, parts);
    await this.db.transaction().execute(async (trx) => {
      const now = await this.claim(trx, userId, u.id, parts);
      if (await link(trx, info)) {
        await this.drive.quota.commit(trx, userId, u.reserved, info.size);
        await this.drive.blobIndex.ref(trx, info, now);
      } else {
        // The blob stays indexed without a reference (assemble indexed it): collected after the grace hour.
        await this.drive.quota.release(trx, userId, u.reserved);
      }
      await this.parts_.assertStored(info.key);
    });
    return info;
  }

  /** Sessions past their time (idle an hour, or 24 h): abandoned; their parts and space are released. */
  async expire(now: number, limit = 500): Promise<number> {
    const due = await this.db
      .selectFrom('drive_uploads')
      .select(['user_id', 'id'])
      .where('expires_at', '<=', now)
      .limit(limit)
      .execute();
    for (const u of due) await this.abort(u.user_id, u.id);
    return due.length;
  }

  // ---- quick upload (older variant): content known by MD5, proven by the MD5 of a range ----

  /** Which known blob a quick upload of (md5, size) could link to, within the configured scope. */
  async knownContent(userId: number, md5: string, size: number): Promise<string | null> {
    for (const b of await this.drive.blobIndex.byMd5(md5, size)) {
      if (this.drive.deps.config.quickUploadScope === 'global') return b.key;
      if (await this.drive.items.ownsBlob(userId, b.key)) return b.key;
    }
    return null;
  }

  /** A server-chosen range to hash: shorter than the file, so the file's MD5 alone cannot answer it. */
  static proofRange(size: number): { offset: number; len: number } {
    const len = size <= 1 ? size : Math.min(HASH_CHUNK_BYTES, Math.floor(size / 2));
    return { offset: randomInt(0, size - len + 1), len };
  }

  private parts(db: Exec, userId: number, uploadId: string) {
    return db
      .selectFrom('drive_upload_parts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('upload_id', '=', uploadId)
      .orderBy('part_number')
      .execute();
  }
}

function sameName(face: string): Error {
  const f: Face = face === 'v2' ? 'v2' : 'v1';
  return f === 'v1' ? nameExists(DriveMsg.SAME_NAME_409) : nameExists(DriveMsg.NAME_EXISTS);
}
