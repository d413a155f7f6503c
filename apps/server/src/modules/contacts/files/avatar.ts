import type { Readable } from 'node:stream';
import {
  AVATAR_FID,
  AVATAR_MAX_BYTES,
  AVATAR_MIN_PX,
  AVATAR_STORED_PX,
  type AvatarUploadResult,
  CONTACT_CLOUD_BASE,
  ContactApi,
  ContactMsg,
} from '@phonecloud/shared';
import sharp, { type Metadata } from 'sharp';
import type { Db } from '../../../db/index.js';
import type { AppDeps } from '../../../http/context.js';
import { invalid } from '../../../http/errors.js';
import { BlobIndex } from '../../../storage/blob-index.js';
import type { BlobInfo } from '../../../storage/index.js';
import { ContactsRepo } from '../repo.js';
import { ContactFilesRepo, FileKind } from './files-repo.js';

// A decompression bomb stops here; a 40-megapixel phone photo still passes.
const MAX_INPUT_PIXELS = 50_000_000;
const DATA_URL_RE = /^data:[^;,]*(?:;[^;,]*)*;base64,/i;

export class AvatarError extends Error {
  constructor(readonly text: string) {
    super(text);
  }
}

/**
 * Checks that bytes are an image a browser can show (jpg, png, gif, webp...) and at least
 * 40 px a side, then re-encodes them: EXIF orientation applied, metadata stripped, at most
 * 480 px a side, JPEG. What is stored is always an image the portal made itself.
 */
export async function normaliseAvatar(bytes: Buffer): Promise<Buffer> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new AvatarError(ContactMsg.AVATAR_BAD);
  }
  if (!meta.width || !meta.height || !meta.format || meta.format === 'svg' || meta.format === 'pdf') {
    throw new AvatarError(ContactMsg.AVATAR_BAD);
  }
  const turned = (meta.orientation ?? 1) >= 5;
  const w = turned ? meta.height : meta.width;
  const h = turned ? meta.width : meta.height;
  if (w < AVATAR_MIN_PX || h < AVATAR_MIN_PX) throw new AvatarError(ContactMsg.AVATAR_TOO_SMALL);
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(AVATAR_STORED_PX, AVATAR_STORED_PX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88 })
      .toBuffer();
  } catch {
    throw new AvatarError(ContactMsg.AVATAR_BAD);
  }
}

export function avatarPath(key: string): string {
  return `${CONTACT_CLOUD_BASE}${ContactApi.avatar}/${key}`;
}

/** Avatars: upload (base64, as the crop dialog sends it), storage and serving. */
export class AvatarService {
  private readonly files: ContactFilesRepo;
  private readonly blobIndex: BlobIndex;
  constructor(private readonly deps: AppDeps) {
    this.files = new ContactFilesRepo(deps.db);
    this.blobIndex = new BlobIndex(deps.db);
  }

  /** Stores a checked, re-encoded image for the user; answers its cloud_path. */
  async store(userId: number, bytes: Buffer, name: string): Promise<string> {
    return this.storeImage(userId, await normaliseAvatar(bytes), name);
  }

  /**
   * Stores an image `normaliseAvatar` already made, its file row and the row's blob reference
   * in one transaction: `trx` when the caller holds one (on SQLite a query beside it would wait
   * for it forever), else a transaction of its own. `stored` collects what was written, for a
   * caller whose transaction may yet roll back (the bytes then need indexing to be collected).
   */
  async storeImage(
    userId: number,
    image: Buffer,
    name: string,
    trx?: Db,
    stored?: BlobInfo[],
  ): Promise<string> {
    const now = this.deps.clock.now();
    const info = await this.blobIndex.storeHeld(
      this.deps.blobs,
      image,
      now,
      async (db, blob) => {
        // The book's row is where its housekeeping starts: an avatar uploaded before the first
        // contact must be looked after too.
        await new ContactsRepo(db).ensureBook(userId, now);
        return new ContactFilesRepo(db).insertFile({
          user_id: userId,
          id: blob.key,
          kind: FileKind.AVATAR,
          blob_key: blob.key,
          name: name.slice(0, 255),
          size: blob.size,
          created_at: now,
          expires_at: null,
        });
      },
      trx,
    );
    stored?.push(info);
    return avatarPath(info.key);
  }

  async upload(userId: number, fid: string, filename: string, file: string): Promise<AvatarUploadResult> {
    if (fid !== AVATAR_FID) throw invalid(ContactMsg.BAD_REQUEST);
    const base64 = file.replace(DATA_URL_RE, '').replace(/\s+/g, '');
    if (!base64 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(base64)) throw invalid(ContactMsg.AVATAR_BAD);
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length > AVATAR_MAX_BYTES) throw invalid(ContactMsg.AVATAR_BAD);
    try {
      return { fid, cloud_path: await this.store(userId, bytes, filename) };
    } catch (err) {
      if (err instanceof AvatarError) throw invalid(err.text);
      throw err;
    }
  }

  /**
   * The stored bytes of one of the user's avatars, null when it is not one, or `'damaged'` when
   * the store check found them changed (refused, not sent).
   */
  async open(userId: number, key: string): Promise<{ stream: Readable; size: number } | 'damaged' | null> {
    if (!/^[0-9a-f]{64}$/.test(key)) return null;
    const file = await this.files.file(userId, key, FileKind.AVATAR);
    if (!file) return null;
    if (await this.blobIndex.isDamaged(file.blob_key)) return 'damaged';
    return { stream: await this.deps.blobs.get(file.blob_key), size: Number(file.size) };
  }
}
