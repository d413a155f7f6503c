import {
  NOTE_IMAGE_EXTENSIONS,
  NOTE_IMAGE_MAX_BYTES,
  NOTE_IMAGE_STORED_PX,
  NOTE_RECORD_EXTENSIONS,
  NOTE_RECORD_MAX_BYTES,
  NoteMsg,
  type NoteUploadResult,
} from '@phonecloud/shared';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { chunked } from '../../db/chunked.js';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import type { AppDeps } from '../../http/context.js';
import { invalid } from '../../http/errors.js';
import { BlobIndex } from '../../storage/blob-index.js';
import { filePath } from './doc.js';
import { NotesRepo } from './repo.js';

/** `kind` of a note file. */
export const NoteFileKind = { IMAGE: 1, RECORD: 2 } as const;

// A decompression bomb stops here; a 40-megapixel phone photo still passes.
const MAX_INPUT_PIXELS = 50_000_000;
const RECORD_TYPES: Record<string, string> = {
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
};
/** An upload no note names is kept this long: an editor may hold it before its save. */
export const UNUSED_UPLOAD_KEEP_MS = 24 * 60 * 60_000;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Re-encodes an uploaded picture (spec 001 §5: jpg, png, jpeg only): EXIF orientation applied,
 * metadata stripped, at most NOTE_IMAGE_STORED_PX a side, in its own format. What is stored is
 * always an image the server made.
 */
export async function normaliseNoteImage(bytes: Buffer): Promise<{ bytes: Buffer; type: string }> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw invalid(NoteMsg.IMAGE_FORMAT);
  }
  if (format !== 'jpeg' && format !== 'png') throw invalid(NoteMsg.IMAGE_FORMAT);
  try {
    const img = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(NOTE_IMAGE_STORED_PX, NOTE_IMAGE_STORED_PX, { fit: 'inside', withoutEnlargement: true });
    return format === 'png'
      ? { bytes: await img.png({ compressionLevel: 8 }).toBuffer(), type: 'image/png' }
      : { bytes: await img.jpeg({ quality: 88 }).toBuffer(), type: 'image/jpeg' };
  } catch {
    throw invalid(NoteMsg.IMAGE_BROKEN);
  }
}

/** Images and recordings of notes: upload, serving, and the blob references their rows hold. */
export class NoteFiles {
  private readonly blobIndex: BlobIndex;
  constructor(private readonly deps: AppDeps) {
    this.blobIndex = new BlobIndex(deps.db);
  }

  async upload(
    userId: number,
    kind: 'image' | 'record',
    name: string,
    bytes: Buffer,
  ): Promise<NoteUploadResult> {
    const ext = extensionOf(name);
    let stored: { bytes: Buffer; type: string };
    if (kind === 'image') {
      if (!(NOTE_IMAGE_EXTENSIONS as readonly string[]).includes(ext)) throw invalid(NoteMsg.IMAGE_FORMAT);
      if (bytes.length > NOTE_IMAGE_MAX_BYTES) throw invalid(NoteMsg.FILE_TOO_LARGE);
      stored = await normaliseNoteImage(bytes);
    } else {
      const type = RECORD_TYPES[ext];
      if (!type || !(NOTE_RECORD_EXTENSIONS as readonly string[]).includes(ext)) {
        throw invalid(NoteMsg.RECORD_FORMAT);
      }
      if (bytes.length > NOTE_RECORD_MAX_BYTES) throw invalid(NoteMsg.FILE_TOO_LARGE);
      if (bytes.length === 0) throw invalid(NoteMsg.UPLOAD_FAILED);
      stored = { bytes, type };
    }
    const key = await this.store(userId, kind, name, stored.bytes, stored.type);
    return { cloud_path: filePath(key), type: kind, name };
  }

  /** Stores bytes with their file row and its blob reference; `trx` when the caller holds one. */
  async store(
    userId: number,
    kind: 'image' | 'record',
    name: string,
    bytes: Buffer,
    contentType: string,
    trx?: Db,
  ): Promise<string> {
    const now = this.deps.clock.now();
    const info = await this.blobIndex.storeHeld(
      this.deps.blobs,
      bytes,
      now,
      async (db, blob) => {
        // Housekeeping walks the users with a book: an upload before the first note counts too.
        await new NotesRepo(db).ensureBook(userId, now);
        const row = await db
          .insertInto('note_files')
          .values({
            user_id: userId,
            id: blob.key,
            kind: kind === 'image' ? NoteFileKind.IMAGE : NoteFileKind.RECORD,
            name: name.slice(0, 255),
            content_type: contentType,
            size: blob.size,
            created_at: now,
          })
          .onConflict((oc) => oc.columns(['user_id', 'id']).doNothing())
          .returning('id')
          .executeTakeFirst();
        return row !== undefined;
      },
      trx,
    );
    return info.key;
  }

  /** One of the user's files, with whether the store check found its stored bytes changed. */
  async file(userId: number, key: string) {
    const row = await this.deps.db
      .selectFrom('note_files')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', key)
      .executeTakeFirst();
    return row && { ...row, damaged: await this.blobIndex.isDamaged(row.id) };
  }
}

/** The keys among `keys` the user has files for. */
export async function ownedFileKeys(db: Kysely<Database>, userId: number, keys: readonly string[]) {
  const owned = new Set<string>();
  for (const part of chunked(keys)) {
    const rows = await db
      .selectFrom('note_files')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', 'in', part)
      .execute();
    for (const r of rows) owned.add(r.id);
  }
  return owned;
}

/**
 * Drops the file rows (and their blob references) among `candidates` that no note of the user
 * names any more, in the bin or out of it; `olderThan` keeps fresh uploads an editor may hold.
 */
export async function releaseUnusedFiles(
  db: Db,
  userId: number,
  now: number,
  candidates?: readonly string[],
  olderThan?: number,
): Promise<string[]> {
  const used = new Set<string>();
  for (const files of await new NotesRepo(db).allFileLists(userId)) {
    for (const k of JSON.parse(files) as string[]) used.add(k);
  }
  let query = db.selectFrom('note_files').select(['id', 'created_at']).where('user_id', '=', userId);
  if (olderThan !== undefined) query = query.where('created_at', '<', olderThan);
  const rows = await query.execute();
  const wanted = candidates ? new Set(candidates) : null;
  const drop = rows.map((r) => r.id).filter((id) => !used.has(id) && (!wanted || wanted.has(id)));
  const index = new BlobIndex(db);
  for (const part of chunked(drop)) {
    await db.deleteFrom('note_files').where('user_id', '=', userId).where('id', 'in', part).execute();
  }
  for (const key of drop) await index.unref(db, key, now);
  return drop;
}
