import type { Readable } from 'node:stream';
import type { BlobInfo } from './blob-info.js';

/**
 * Multi-part uploads assembled in place: each part is written at its offset of one staging
 * file (hashed while it streams when the parts come in order) and the finished file is moved
 * under its SHA-256 as it is, so the bytes are written once. A store offers this when it can
 * write at offsets (the filesystem store); with the others each part is a blob of its own and
 * the parts are joined at the end.
 */
export interface BlobStaging {
  /** Creates the empty staging file of an upload. Ids are [A-Za-z0-9_-]. */
  create(id: string): Promise<void>;
  /** Whether the upload has a staging file (sessions made before staging existed have none). */
  has(id: string): Promise<boolean>;
  /**
   * Writes the stream at `offset`, at most `length` bytes (BlobTooLargeError beyond); answers the
   * bytes written. StagingClosedError once the upload is being committed, committed or dropped.
   */
  write(id: string, offset: number, length: number, data: Readable): Promise<number>;
  /**
   * Finishes the hashes (reading back only what was not hashed yet), fsyncs and moves the file
   * under its SHA-256; the staging file is gone after. StagingBusyError while a part is still
   * being written (its bytes are not settled: the completion is refused, the write goes on).
   */
  commit(id: string, size: number): Promise<BlobInfo>;
  /** Drops the staging file (abandoned upload); running writes are cut off. */
  discard(id: string): Promise<void>;
}

export class StagingClosedError extends Error {
  constructor(id: string) {
    super(`staging file ${id} is closed`);
  }
}

export class StagingBusyError extends Error {
  constructor(id: string) {
    super(`staging file ${id} has a part still being written`);
  }
}
