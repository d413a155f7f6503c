import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZipFile } from 'yazl';
import type { BlobStore, ByteRange } from '../../../storage/blob-store.js';
import { FILE, type ItemRow } from '../items-repo.js';
import { attachmentDisposition, contentTypeOf } from '../mime.js';

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` (one range; several are answered whole, as RFC 9110 allows). */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/**
 * A drive file as an attachment (the drive's signed downloads and a share's): its bytes as
 * `sendBlobBytes` answers them, named for download.
 */
export async function sendItemFile(
  req: FastifyRequest,
  reply: FastifyReply,
  blobs: BlobStore,
  item: ItemRow,
) {
  reply
    .header('content-type', contentTypeOf(item.name))
    .header('content-disposition', attachmentDisposition(item.name))
    .header('cache-control', 'private, no-cache')
    .header('last-modified', new Date(item.updated_at).toUTCString());
  return sendBlobBytes(req, reply, blobs, item.blob_key as string, item.size);
}

/**
 * A blob's bytes with a single Range and If-Range, its key as ETag and If-None-Match; the
 * caller has set the content type and how the bytes are shown (downloads, previews).
 */
export async function sendBlobBytes(
  req: FastifyRequest,
  reply: FastifyReply,
  blobs: BlobStore,
  key: string,
  size: number,
) {
  const etag = `"${key}"`;
  reply.header('etag', etag).header('accept-ranges', 'bytes');
  if (req.headers['if-none-match'] === etag) return reply.status(304).send();
  const ifRange = req.headers['if-range'];
  const range = ifRange && ifRange !== etag ? null : parseRange(req.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${size}`).send();
  }
  if (size === 0) return reply.header('content-length', 0).send('');
  const stream: Readable = await blobs.get(key, range ?? undefined);
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', size);
  }
  return reply.send(stream);
}

/** Items (checked against the zip limits by the caller) streamed as one zip named `name`. */
export function sendItemsZip(
  req: FastifyRequest,
  reply: FastifyReply,
  blobs: BlobStore,
  entries: ReadonlyArray<{ item: ItemRow; path: string }>,
  name: string,
) {
  const zip = new ZipFile();
  for (const { item, path } of entries) {
    const mtime = new Date(item.updated_at);
    if (item.kind !== FILE) {
      zip.addEmptyDirectory(path, { mtime });
      continue;
    }
    const key = item.blob_key;
    // Stored, not deflated: phone data is mostly compressed already, and sizes stay known.
    zip.addReadStreamLazy(path, { size: item.size, mtime, compress: false }, (cb) => {
      if (!key) return cb(new Error('file without content'), undefined as never);
      blobs.get(key).then(
        (s) => cb(null, s),
        (err: unknown) => cb(err, undefined as never),
      );
    });
  }
  let total = -1;
  // The size is known up front when every entry's size is: then the browser shows progress.
  // (@types/yazl leaves out the callback's argument, hence the cast.)
  (zip.end as (o: undefined, cb: (n: number) => void) => void).call(zip, undefined, (n: number) => {
    total = n;
  });
  zip.on('error', (err: unknown) => req.log.warn({ err }, 'zip stream failed'));
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', attachmentDisposition(name))
    .header('cache-control', 'private, no-store');
  if (total >= 0) reply.header('content-length', total);
  return reply.send(zip.outputStream);
}
