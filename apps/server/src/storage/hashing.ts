import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { BlobTooLargeError } from './blob-store.js';

export interface Digests {
  sha256: string;
  md5: string;
  sha1: string;
}

/** SHA-256, MD5 and SHA-1 of one byte sequence, fed in one pass. */
export class Hashes {
  private readonly sha256 = createHash('sha256');
  private readonly md5 = createHash('md5');
  private readonly sha1 = createHash('sha1');

  update(chunk: Buffer): void {
    this.sha256.update(chunk);
    this.md5.update(chunk);
    this.sha1.update(chunk);
  }

  digests(): Digests {
    return { sha256: this.sha256.digest('hex'), md5: this.md5.digest('hex'), sha1: this.sha1.digest('hex') };
  }
}

/** A pass-through that hashes SHA-256, MD5 and SHA-1 in one pass and counts bytes. */
export class HashingCounter extends Transform {
  private readonly hashes = new Hashes();
  size = 0;

  constructor(private readonly maxBytes = Number.POSITIVE_INFINITY) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      done(new BlobTooLargeError(this.maxBytes));
      return;
    }
    this.hashes.update(chunk);
    done(null, chunk);
  }

  digests(): Digests {
    return this.hashes.digests();
  }
}
