import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import type { AppDeps } from '../../http/context.js';
import type { TakeoutEntry, TakeoutPart } from '../../platform/takeout-part.js';
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
  userId: number;
  now: number;
  parts: readonly TakeoutPart[];
  readme: Buffer;
  log: FastifyBaseLogger;
  onBytes(bytes: number): void;
}

/** Adds one entry; its bytes are opened only when the zip reaches it (flat memory). */
function addEntry(zip: ZipFile, path: string, entry: TakeoutEntry): void {
  if (path.endsWith('/')) {
    zip.addEmptyDirectory(path, { mtime: entry.mtime });
    return;
  }
  const options = { mtime: entry.mtime, compress: entry.compress ?? false, size: entry.size };
  zip.addReadStreamLazy(path, options, (cb) => {
    entry.open().then(
      (s) => cb(null, s),
      (err: unknown) => cb(err, undefined as never),
    );
  });
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
  const stored = input.deps.blobs.put(counter);
  // The store's promise is awaited below; a failure before then must not go unhandled.
  stored.catch(() => {});
  try {
    addEntry(zip, 'README.txt', {
      name: 'README.txt',
      mtime: new Date(input.now),
      compress: true,
      open: async () => Readable.from([input.readme]),
    });
    for (const part of input.parts) {
      for await (const entry of part.entries(input.deps, input.userId, input.now, input.log)) {
        addEntry(zip, `${part.folder}/${entry.name}`, entry);
      }
    }
    zip.end();
  } catch (err) {
    fail(err);
  }
  return stored;
}
