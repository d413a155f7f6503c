import type { Readable } from 'node:stream';
import type { BlobInfo } from './blob-info.js';
import type { BlobStaging } from './staging.js';

export type { BlobInfo } from './blob-info.js';

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

/**
 * Content-addressed storage for drive files, avatars, note attachments and exports.
 * `put` never leaves a half blob under a key: data is written aside, hashed, then moved in place.
 */
export interface BlobStore {
  /** Stores a stream; `maxBytes` aborts (and leaves nothing) when the stream runs longer. */
  put(data: Readable, opts?: { maxBytes?: number }): Promise<BlobInfo>;
  /** Reads a blob or a byte range of it. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size of a blob, or null when absent. */
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  /**
   * The file holding a blob's bytes, where the store keeps them on this machine's disk (absent
   * for a remote store): a native reader (the thumbnail decoder) opens it on its own thread
   * instead of having the bytes read into memory first.
   */
  localPath?(key: string): string;
  /** Removes leftovers of writes that never finished (a crashed process), older than a day. */
  sweep?(now: number): Promise<void>;
  /** Multi-part uploads written in place, where the store can write at offsets (see staging.ts). */
  readonly staging?: BlobStaging;
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`blob exceeds ${maxBytes} bytes`);
  }
}
