import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ZipEntry, zipOf } from '../lib/zip.js';
import { attachmentDisposition } from './content-disposition.js';

/**
 * Streams `entries` as one zip attachment named `name`. With every entry's size known, the
 * length is sent ahead, so the browser shows the download's progress.
 */
export function sendZip(req: FastifyRequest, reply: FastifyReply, entries: Iterable<ZipEntry>, name: string) {
  const zip = zipOf(entries, (err) => req.log.warn({ err }, 'zip stream failed'));
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', attachmentDisposition(name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  if (zip.size >= 0) reply.header('content-length', zip.size);
  return reply.send(zip.stream);
}
