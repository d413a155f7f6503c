import path from 'node:path';
import type { Config } from '../config.js';
import type { BlobStore } from './blob-store.js';
import { FsBlobStore } from './fs-store.js';
import { S3BlobStore } from './s3-store.js';

export type { BlobInfo, BlobStore, ByteRange } from './blob-store.js';

/** An S3-compatible store when S3_ENDPOINT/S3_BUCKET are set, else the filesystem under DATA_DIR/blobs. */
export async function createBlobStore(config: Config): Promise<BlobStore> {
  if (config.s3) return new S3BlobStore(config.s3);
  const store = new FsBlobStore(path.join(config.dataDir, 'blobs'));
  await store.clearStaleTemp(Date.now());
  return store;
}
