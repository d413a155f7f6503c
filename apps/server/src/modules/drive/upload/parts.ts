import { Readable } from 'node:stream';
import { type BlobInfo, BlobTooLargeError } from '../../../storage/blob-store.js';
import { type BlobStaging, StagingBusyError, StagingClosedError } from '../../../storage/staging.js';
import { uploadGone, uploadMismatch } from '../errors.js';
import type { Exec } from '../items-repo.js';
import type { DriveService } from '../service.js';
import type { UploadRow } from './upload-row.js';

/**
 * `blob_key` of a part written into the upload's staging file: its bytes are not a blob of
 * their own (the column predates staging and stays NOT NULL; no blob has an empty key).
 */
export const STAGED = '';

export interface PartRow {
  part_number: number;
  size: number;
  blob_key: string;
}

/**
 * The parts of v2 uploads. With a store that stages (the filesystem), a part goes straight to
 * its offset of one file that becomes the blob at completion; otherwise each part is a blob and
 * completion joins them (the bytes are then written twice).
 */
export class Parts {
  constructor(private readonly drive: DriveService) {}

  private get db() {
    return this.drive.deps.db;
  }
  private get store() {
    return this.drive.deps.blobs;
  }

  /** Called when a v2 session is made: its staging file, when the store has staging. */
  async open(uploadId: string): Promise<void> {
    await this.store.staging?.create(uploadId);
  }

  /** Called when a v2 session is dropped. */
  async drop(uploadId: string): Promise<void> {
    await this.store.staging?.discard(uploadId);
  }

  /**
   * Stores one part; a part sent again replaces the one before, so a retry is harmless. A body
   * announcing the wrong length is refused before anything is written.
   */
  async put(u: UploadRow, partNumber: number, expected: number, body: Readable, declared?: number) {
    if (declared !== undefined && declared !== expected) {
      body.resume();
      throw uploadMismatch();
    }
    const staging = this.store.staging;
    if (staging && (await staging.has(u.id))) {
      await this.putStaged(staging, u, partNumber, expected, body);
      // No per-part digest exists (that would be one more MD5 pass): the tag names the part.
      return { size: expected, etag: `${partNumber}-${expected}` };
    }
    const info = await this.storeBlob(body, expected);
    await this.record(u, partNumber, info.size, info);
    return { size: info.size, etag: info.md5 };
  }

  private async putStaged(
    staging: BlobStaging,
    u: UploadRow,
    partNumber: number,
    expected: number,
    body: Readable,
  ): Promise<void> {
    let written: number;
    try {
      written = await staging.write(u.id, (partNumber - 1) * u.part_size, expected, body);
    } catch (err) {
      // The part's bytes may be half replaced: it counts as missing until sent whole again.
      await this.forget(u, partNumber);
      if (err instanceof BlobTooLargeError) throw uploadMismatch();
      if (err instanceof StagingClosedError) throw uploadGone();
      throw err;
    }
    if (written !== expected) {
      await this.forget(u, partNumber);
      throw uploadMismatch();
    }
    await this.record(u, partNumber, expected, null);
  }

  /** Stores a stream as a blob, indexed at once so that an abandoned one is collected. */
  async storeBlob(stream: Readable, expected: number): Promise<BlobInfo> {
    let info: BlobInfo;
    try {
      info = await this.store.put(stream, { maxBytes: expected });
    } catch (err) {
      if (err instanceof BlobTooLargeError) throw uploadMismatch();
      throw err;
    }
    await this.drive.blobIndex.touch(info, this.drive.now());
    if (info.size !== expected) throw uploadMismatch();
    return info;
  }

  /** Records a stored part (`info` for a part that is a blob, null for a staged one). */
  private async record(u: UploadRow, partNumber: number, size: number, info: BlobInfo | null) {
    const now = this.drive.now();
    const key = info?.key ?? STAGED;
    await this.db.transaction().execute(async (trx) => {
      const still = await trx
        .selectFrom('drive_uploads')
        .select('id')
        .where('user_id', '=', u.user_id)
        .where('id', '=', u.id)
        .executeTakeFirst();
      if (!still) throw uploadGone();
      const old = await this.part(trx, u, partNumber);
      if (info) await this.drive.blobIndex.ref(trx, info, now);
      if (old && old.blob_key !== STAGED) await this.drive.blobIndex.unref(trx, old.blob_key, now);
      await trx
        .insertInto('drive_upload_parts')
        .values({
          user_id: u.user_id,
          upload_id: u.id,
          part_number: partNumber,
          size,
          blob_key: key,
          created_at: now,
        })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'upload_id', 'part_number'])
            .doUpdateSet({ size, blob_key: key, created_at: now }),
        )
        .execute();
      if (info) await this.assertStored(info.key);
    });
  }

  private async forget(u: UploadRow, partNumber: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const old = await this.part(trx, u, partNumber);
      if (!old) return;
      await trx
        .deleteFrom('drive_upload_parts')
        .where('user_id', '=', u.user_id)
        .where('upload_id', '=', u.id)
        .where('part_number', '=', partNumber)
        .execute();
      if (old.blob_key !== STAGED) await this.drive.blobIndex.unref(trx, old.blob_key, this.drive.now());
    });
  }

  private part(db: Exec, u: UploadRow, partNumber: number) {
    return db
      .selectFrom('drive_upload_parts')
      .select('blob_key')
      .where('user_id', '=', u.user_id)
      .where('upload_id', '=', u.id)
      .where('part_number', '=', partNumber)
      .executeTakeFirst();
  }

  /**
   * The whole file of a session whose parts are all there, as one blob: the staging file moved in
   * place, or (parts stored as blobs) the parts joined into a new blob.
   */
  async assemble(u: UploadRow, parts: readonly PartRow[]): Promise<BlobInfo> {
    if (u.blob_key) return this.indexed(u.blob_key);
    const staged = parts.filter((p) => p.blob_key === STAGED).length;
    const staging = this.store.staging;
    if (staged > 0) {
      // A session's parts are all staged or none: staging is decided when the session is made.
      if (staged !== parts.length || !staging) throw uploadMismatch();
      let info: BlobInfo;
      try {
        info = await staging.commit(u.id, u.size);
      } catch (err) {
        // A part still streaming is not there yet; a completion already running owns the file.
        if (err instanceof StagingBusyError) throw uploadMismatch();
        if (err instanceof StagingClosedError) throw uploadGone();
        throw err;
      }
      await this.drive.blobIndex.touch(info, this.drive.now());
      // Remembered, so that a completion refused after this point (a name clash) can be retried.
      await this.db
        .updateTable('drive_uploads')
        .set({ blob_key: info.key })
        .where('user_id', '=', u.user_id)
        .where('id', '=', u.id)
        .execute();
      return info;
    }
    const only = parts[0];
    if (parts.length === 1 && only) return this.indexed(only.blob_key);
    const store = this.store;
    const keys = parts.map((p) => p.blob_key);
    const joined = Readable.from(
      (async function* () {
        for (const key of keys) yield* await store.get(key);
      })(),
    );
    return this.storeBlob(joined, u.size);
  }

  private async indexed(key: string): Promise<BlobInfo> {
    const row = await this.drive.blobIndex.byKey(key);
    if (!row) throw uploadGone();
    return { key: row.key, size: Number(row.size), sha256: row.key, md5: row.md5, sha1: row.sha1 };
  }

  /**
   * Inside the linking transaction: the bytes are really there. Blob collection removes the bytes
   * before its row, under the row's lock, so a link that raced with it fails here, not later.
   */
  async assertStored(key: string): Promise<void> {
    if (!(await this.store.stat(key))) throw new Error(`blob ${key} vanished while being linked`);
  }
}
