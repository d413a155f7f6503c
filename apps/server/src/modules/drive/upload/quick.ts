import { createHash } from 'node:crypto';
import { DriveHttp, DriveMsg } from '@phonecloud/shared';
import { invalid } from '../../../http/errors.js';
import { uploadGone, uploadMismatch } from '../errors.js';
import { cleanName } from '../names.js';
import type { DriveService } from '../service.js';
import { type Finished, Uploads } from './uploads.js';

export type HeadAnswer =
  | { status: typeof DriveHttp.HEAD_EXISTS | typeof DriveHttp.HEAD_ABSENT }
  | { status: 0; sid: string; offset: number; len: number };

const MD5 = /^[0-9a-fA-F]{32}$/;

/**
 * Quick upload of the older variant: a file whose content is already stored is linked instead of
 * sent, once the client proves it holds the bytes by hashing a range the server picks.
 */
export class QuickUpload {
  constructor(
    private readonly drive: DriveService,
    private readonly uploads: Uploads,
  ) {}

  /** 422 when that folder already holds this file, 404 when the content is unknown, else a challenge. */
  async head(
    userId: number,
    q: { parentId: number; md5: string; size: number; name?: string },
  ): Promise<HeadAnswer> {
    if (!MD5.test(q.md5) || !Number.isSafeInteger(q.size) || q.size < 0) throw invalid('md5/size');
    await this.drive.liveFolder(userId, q.parentId);
    const key = await this.uploads.knownContent(userId, q.md5, q.size);
    if (!key) return { status: DriveHttp.HEAD_ABSENT };
    if (await this.drive.items.sameContentIn(userId, q.parentId, key, q.name))
      return { status: DriveHttp.HEAD_EXISTS };
    const { offset, len } = Uploads.proofRange(q.size);
    const session = await this.uploads.create(
      userId,
      {
        parentId: q.parentId,
        name: q.name ?? q.md5.toLowerCase(),
        size: q.size,
        face: 'quick',
        nameMode: 'same_or_rename',
      },
      { blobKey: key, offset, len },
    );
    return { status: 0, sid: session.id, offset, len };
  }

  /** Checks the MD5 of the range; right: the item is made without bytes; wrong: the session is spent. */
  async prove(
    userId: number,
    p: { sid: string; md5: string; size: number; authMd5: string; name?: string },
  ): Promise<Finished> {
    const u = await this.uploads.session(userId, p.sid, 'quick');
    const blob = u.blob_key ? await this.drive.blobIndex.byKey(u.blob_key) : undefined;
    // Found damaged since the challenge: gone, as the content is; the client then sends the bytes.
    if (!blob || blob.damaged_at !== null || u.proof_offset === null || u.proof_len === null) {
      await this.uploads.abort(userId, u.id);
      throw uploadGone();
    }
    const expected = await this.rangeMd5(blob.key, u.proof_offset, u.proof_len);
    const matches =
      blob.md5 === p.md5.toLowerCase() && blob.size === p.size && expected === p.authMd5.trim().toLowerCase();
    if (!matches) {
      // One try per challenge: a wrong answer cannot be retried against the same range.
      await this.uploads.abort(userId, u.id);
      throw uploadMismatch(DriveMsg.QUICK_PROOF_WRONG);
    }
    const session = p.name ? { ...u, name: cleanName(p.name, 'file') } : u;
    return this.uploads.finish(userId, session, {
      key: blob.key,
      size: blob.size,
      sha256: blob.key,
      md5: blob.md5,
      sha1: blob.sha1,
    });
  }

  private async rangeMd5(key: string, offset: number, len: number): Promise<string> {
    const hash = createHash('md5');
    if (len > 0) {
      for await (const chunk of await this.drive.deps.blobs.get(key, {
        start: offset,
        end: offset + len - 1,
      })) {
        hash.update(chunk as Buffer);
      }
    }
    return hash.digest('hex');
  }
}
