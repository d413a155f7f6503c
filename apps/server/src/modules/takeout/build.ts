import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import type { AppDeps } from '../../http/context.js';
import { addZipEntry } from '../../lib/zip.js';
import type { TakeoutPart } from '../../platform/takeout-part.js';
import type { BlobInfo } from '../../storage/index.js';

/** Counts the zip's bytes as they pass to the store (the progress bar's "done"). */
class Counter extends Transform {
  bytes = 0;
  constructor(private readonly onBytes: (bytes: number) => void) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    this.onBytes(this.bytes);
    done(null, chunk);
  }
}

export interface BuildInput {
  deps: AppDeps;
  /** The job's id: names its staging file. */
  id: string;
  userId: number;
  now: number;
  parts: readonly TakeoutPart[];
  readme: Buffer;
  log: FastifyBaseLogger;
  onBytes(bytes: number): void;
}

/** The staging file of a job's zip (the store's ids are 8 to 64 of [A-Za-z0-9_-]). */
export const stagingIdOf = (jobId: string) => `takeout-${jobId}`;

/**
 * Stores the zip as it streams. Where the store writes in place (the filesystem store) the zip
 * goes through a staging file, whose digests are computed on the hash threads while it is
 * written: the request thread only zips, as `zip -r` would. Elsewhere (S3) it is a plain `put`.
 */
async function store(deps: AppDeps, stagingId: string, zip: Counter): Promise<BlobInfo> {
  const staging = deps.blobs.staging;
  if (!staging) return deps.blobs.put(zip);
  await staging.create(stagingId);
  try {
    const size = await staging.write(stagingId, 0, Number.MAX_SAFE_INTEGER, zip);
    return await staging.commit(stagingId, size);
  } catch (err) {
    await staging.discard(stagingId).catch(() => undefined);
    throw err;
  }
}

/**
 * Writes the takeout's zip straight into the blob store, the parts one after another, each
 * entry streamed (yazl: stored or deflated per entry, ZIP64 where sizes or counts need it).
 * Answers the stored blob; a part's failure fails the whole build (nothing half is kept).
 */
export async function buildZip(input: BuildInput): Promise<BlobInfo> {
  const zip = new ZipFile();
  const counter = new Counter(input.onBytes);
  const fail = (err: unknown) => counter.destroy(err instanceof Error ? err : new Error(String(err)));
  zip.on('error', fail);
  (zip.outputStream as Readable).on('error', fail).pipe(counter);
  const stored = store(input.deps, stagingIdOf(input.id), counter);
  // The store's promise is awaited below; a failure before then must not go unhandled.
  stored.catch(() => {});
  try {
    addZipEntry(zip, 'README.txt', {
      name: 'README.txt',
      mtime: new Date(input.now),
      compress: true,
      open: async () => Readable.from([input.readme]),
    });
    for (const part of input.parts) {
      for await (const entry of part.entries(input.deps, input.userId, input.now, input.log)) {
        addZipEntry(zip, `${part.folder}/${entry.name}`, entry);
      }
    }
    zip.end();
  } catch (err) {
    fail(err);
  }
  return stored;
}
