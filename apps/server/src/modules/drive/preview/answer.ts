import type { Readable } from 'node:stream';
import {
  contentTypeOf,
  PREVIEW_TEXT_MAX_BYTES,
  PreviewHeader,
  type PreviewKind,
  previewKindOf,
} from '@phonecloud/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendBlobBytes } from '../../../http/byte-range.js';
import { FILE_POLICY } from '../../../http/csp.js';
import type { BlobStore } from '../../../storage/blob-store.js';
import type { ItemRow } from '../items-repo.js';
import { decodeText } from './text.js';

/**
 * How a file is answered for the browser's own viewers, by the drive's previews and the share
 * page's alike: inline under its name, in a sandbox, never sniffed, text decoded to UTF-8.
 */

/** Inline, with the UTF-8 name (RFC 6266 / 5987), for the browser's own viewers. */
export function inlineDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Nothing a preview answers may run in the portal's origin, whatever the browser makes of it. */
export function guardPreview(reply: FastifyReply): FastifyReply {
  return reply.header('content-security-policy', FILE_POLICY).header('x-content-type-options', 'nosniff');
}

/** A refused preview fetch: a short JSON body, never cached. */
export function refusePreview(reply: FastifyReply, status: number, message: string) {
  return guardPreview(reply)
    .status(status)
    .header('cache-control', 'no-store')
    .send({ code: status, message });
}

/** The content type a preview is served with: never markup (html, svg, xml are shown as text). */
export function previewType(item: ItemRow): string {
  return previewKindOf(item.name) === 'text' ? 'text/plain; charset=utf-8' : contentTypeOf(item.name);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A stored file shown in place (its `kind` is not 'none'): text as UTF-8 from its detected
 * encoding, the first PREVIEW_TEXT_MAX_BYTES of it (the headers say which encoding and whether
 * it was cut); images, video, audio and PDF as their bytes, with a single Range as downloads.
 */
export async function sendPreview(
  req: FastifyRequest,
  reply: FastifyReply,
  blobs: BlobStore,
  item: ItemRow,
  blobKey: string,
  kind: Exclude<PreviewKind, 'none'>,
) {
  guardPreview(reply)
    .header('content-disposition', inlineDisposition(item.name))
    .header('cache-control', 'private, no-cache')
    .header('last-modified', new Date(item.updated_at).toUTCString());
  if (kind === 'text') {
    const truncated = item.size > PREVIEW_TEXT_MAX_BYTES;
    const bytes =
      item.size === 0
        ? Buffer.alloc(0)
        : await readAll(
            await blobs.get(blobKey, {
              start: 0,
              end: Math.min(item.size, PREVIEW_TEXT_MAX_BYTES) - 1,
            }),
          );
    const { text, encoding } = decodeText(bytes, truncated);
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header(PreviewHeader.encoding, encoding)
      .header('access-control-expose-headers', `${PreviewHeader.encoding}, ${PreviewHeader.truncated}`);
    if (truncated) reply.header(PreviewHeader.truncated, '1');
    return reply.send(text);
  }
  reply.header('content-type', previewType(item));
  return sendBlobBytes(req, reply, blobs, blobKey, item.size);
}
