import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BlobStore, ByteRange } from '../storage/blob-store.js';

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
