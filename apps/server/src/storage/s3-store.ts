import { randomBytes } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { BlobInfo, BlobStore, ByteRange } from './blob-store.js';
import { HashingCounter } from './hashing.js';

export interface S3StoreOptions {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Key prefix inside the bucket, e.g. "phonecloud/". */
  prefix: string;
}

/** A single CopyObject handles at most 5 GiB; larger blobs are copied in parts. */
const MAX_SINGLE_COPY = 5 * 1024 ** 3;
const COPY_PART = 1024 ** 3;
const DAY_MS = 24 * 60 * 60_000;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Blobs in an S3-compatible bucket (MinIO, Ceph, AWS). A write streams to a temporary key in
 * multipart chunks while it is hashed, then is copied under its SHA-256 inside the store and the
 * temporary key removed: a reader never sees a partial blob under a content key.
 */
export class S3BlobStore implements BlobStore {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(opts: S3StoreOptions) {
    this.bucket = opts.bucket;
    this.prefix = opts.prefix;
    this.client = new S3Client({
      endpoint: opts.endpoint,
      region: opts.region,
      // Self-hosted servers (MinIO, Ceph) rarely have wildcard DNS for virtual-host buckets.
      forcePathStyle: true,
      // Checksums only where S3 requires them: older S3-compatible servers reject the newer headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(opts.accessKeyId && opts.secretAccessKey
        ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
        : {}),
    });
  }

  private objectKey(key: string) {
    if (!/^[0-9a-f]{64}$/.test(key)) throw new Error(`bad blob key: ${key}`);
    return `${this.prefix}blobs/${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`;
  }
  private get tmpPrefix() {
    return `${this.prefix}tmp/`;
  }

  async put(data: Readable, opts: { maxBytes?: number } = {}): Promise<BlobInfo> {
    const hasher = new HashingCounter(opts.maxBytes);
    // The SDK reads a body's `size` as its length, and the hasher's `size` is its running count:
    // hand it a plain pass-through instead.
    const body = new PassThrough();
    let failure: unknown;
    const piped = pipeline(data, hasher, body).catch((err: unknown) => {
      failure ??= err;
    });
    const tmp = `${this.tmpPrefix}${Date.now()}-${randomBytes(8).toString('hex')}`;
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: tmp, Body: body },
      partSize: 8 * 1024 * 1024,
      queueSize: 4,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
      await piped;
      if (failure) throw failure;
      const digests = hasher.digests();
      const final = this.objectKey(digests.sha256);
      // Same content already stored: identical bytes, nothing to copy.
      if (!(await this.stat(digests.sha256))) await this.copy(tmp, final, hasher.size);
      return { key: digests.sha256, size: hasher.size, ...digests };
    } catch (err) {
      // The bytes stop flowing when the store gave up, so the pipeline settles either way.
      body.destroy();
      await piped;
      throw failure ?? err;
    } finally {
      await this.client
        .send(new DeleteObjectCommand({ Bucket: this.bucket, Key: tmp }))
        .catch(() => undefined);
    }
  }

  private async copy(from: string, to: string, size: number): Promise<void> {
    const source = `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`;
    if (size <= MAX_SINGLE_COPY) {
      await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: source }));
      return;
    }
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: to }),
    );
    try {
      const parts: Array<{ ETag: string | undefined; PartNumber: number }> = [];
      for (let start = 0, n = 1; start < size; start += COPY_PART, n++) {
        const end = Math.min(start + COPY_PART, size) - 1;
        const r = await this.client.send(
          new UploadPartCopyCommand({
            Bucket: this.bucket,
            Key: to,
            UploadId,
            PartNumber: n,
            CopySource: source,
            CopySourceRange: `bytes=${start}-${end}`,
          }),
        );
        parts.push({ ETag: r.CopyPartResult?.ETag, PartNumber: n });
      }
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: to,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (err) {
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: to, UploadId }))
        .catch(() => undefined);
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const r = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    // In Node the SDK's body is a Readable (IncomingMessage).
    return r.Body as Readable;
  }

  async stat(key: string) {
    try {
      const r = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return { size: r.ContentLength ?? 0 };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** Whether any blob is stored under this store's prefix (a restore refuses a bucket in use). */
  async holdsBlobs(): Promise<boolean> {
    const page = await this.client.send(
      new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${this.prefix}blobs/` }),
    );
    return (page.Contents ?? []).length > 0;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  /**
   * Temporary objects and unfinished multipart uploads older than a day are leftovers of a
   * crashed process; younger ones may belong to another instance's write in progress.
   */
  async sweep(now: number): Promise<void> {
    const cutoff = now - DAY_MS;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.tmpPrefix, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key && (o.LastModified?.getTime() ?? now) < cutoff) {
          await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: o.Key }));
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    try {
      const uploads = await this.client.send(
        new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: this.tmpPrefix }),
      );
      for (const u of uploads.Uploads ?? []) {
        if (u.Key && u.UploadId && (u.Initiated?.getTime() ?? now) < cutoff) {
          await this.client.send(
            new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: u.Key, UploadId: u.UploadId }),
          );
        }
      }
    } catch {
      // Not every S3-compatible server lists multipart uploads; their own expiry rules apply then.
    }
  }
}
