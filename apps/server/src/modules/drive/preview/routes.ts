import type { Readable } from 'node:stream';
import {
  PREVIEW_TEXT_MAX_BYTES,
  PreviewApi,
  PreviewHeader,
  previewKindOf,
  THUMB_SIZES,
  type ThumbSize,
  type V1PreviewUrl,
  type V2PreviewUrl,
} from '@phonecloud/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FILE_POLICY } from '../../../http/csp.js';
import { ok } from '../../../http/envelope.js';
import { parse } from '../../../http/parse.js';
import { bearerAuth, driveUser, yunAuth } from '../access/auth.js';
import { verifyToken } from '../access/tokens.js';
import { sendBlobBytes } from '../download/send.js';
import { notFound } from '../errors.js';
import { parseV1Id, parseV2Id } from '../faces/views.js';
import { FILE, type ItemRow } from '../items-repo.js';
import { contentTypeOf } from '../mime.js';
import type { DriveService } from '../service.js';
import { type ItemClaims, previewUrl } from './links.js';
import { decodeText } from './text.js';
import { Thumbs } from './thumbs.js';

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
function guard(reply: FastifyReply) {
  return reply.header('content-security-policy', FILE_POLICY).header('x-content-type-options', 'nosniff');
}

function refuse(reply: FastifyReply, status: number, message: string) {
  return guard(reply).status(status).header('cache-control', 'no-store').send({ code: status, message });
}

/** The content type a preview is served with: never markup (html, svg, xml are shown as text). */
function previewType(item: ItemRow): string {
  const kind = previewKindOf(item.name);
  if (kind === 'text') return 'text/plain; charset=utf-8';
  return contentTypeOf(item.name);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Preview of drive files without downloading them: the preview-URL calls of both faces, the
 * signed preview itself (inline, `Content-Security-Policy: sandbox`, nosniff, Range) and the
 * thumbnails of images (made on the first request, kept as blobs).
 */
export function previewRoutes(drive: DriveService) {
  const deps = drive.deps;
  const thumbs = new Thumbs(deps);
  const iso = (ms: number) => new Date(ms).toISOString();

  return async (app: FastifyInstance) => {
    app.post(
      PreviewApi.v2PreviewUrl,
      { preHandler: bearerAuth(deps, drive), config: { csrf: false } },
      async (req): Promise<ReturnType<typeof ok<V2PreviewUrl>>> => {
        const b = parse(z.object({ file_id: z.string(), drive_id: z.string().optional() }), req.body);
        const userId = driveUser(req);
        if (b.drive_id !== undefined && b.drive_id !== String(userId)) throw notFound();
        const id = parseV2Id(b.file_id);
        if (id === null) throw notFound();
        const item = await drive.liveItem(userId, id);
        if (item.kind !== FILE) throw notFound();
        const { url, exp } = previewUrl(deps, req, userId, item);
        return ok({
          url,
          expiration: iso(exp),
          kind: previewKindOf(item.name),
          size: item.size,
          content_type: previewType(item),
        });
      },
    );

    app.post(
      PreviewApi.v1PreviewUrl,
      { preHandler: yunAuth(deps, drive) },
      async (req): Promise<ReturnType<typeof ok<V1PreviewUrl>>> => {
        const raw = { ...((req.query ?? {}) as object), ...((req.body ?? {}) as object) } as { id?: unknown };
        const id = parseV1Id(raw.id);
        if (id === null) throw notFound();
        const userId = driveUser(req);
        const item = await drive.liveItem(userId, id);
        if (item.kind !== FILE) throw notFound();
        const { url, exp } = previewUrl(deps, req, userId, item);
        return ok({
          url,
          expire: exp,
          kind: previewKindOf(item.name),
          size: item.size,
          contentType: previewType(item),
        });
      },
    );

    app.get(
      PreviewApi.thumb,
      async (req: FastifyRequest<{ Querystring: { t?: string; s?: string } }>, reply: FastifyReply) => {
        const v = verifyToken<ItemClaims>(deps.config.sessionSecret, 'thumb', req.query.t, deps.clock.now());
        if (!v.ok) return refuse(reply, 403, v.expired ? 'link expired' : 'bad link');
        const size = Number(req.query.s) as ThumbSize;
        if (!THUMB_SIZES.includes(size)) return refuse(reply, 404, 'not found');
        const thumb = await thumbs.get(v.payload.u, v.payload.i, size);
        if (!thumb.ok) return refuse(reply, thumb.reason === 'not-found' ? 404 : 415, thumb.reason);
        guard(reply)
          .header('content-type', 'image/jpeg')
          // The link carries its own expiry: the bytes of an item never change under its id.
          .header('cache-control', 'private, max-age=3600');
        if (thumb.bytes) return reply.header('content-length', thumb.bytes.length).send(thumb.bytes);
        const etag = `"${thumb.key}"`;
        reply.header('etag', etag);
        if (req.headers['if-none-match'] === etag) return reply.status(304).send();
        return reply.send(await thumbs.open(thumb.key));
      },
    );

    app.get(
      PreviewApi.preview,
      async (req: FastifyRequest<{ Querystring: { t?: string } }>, reply: FastifyReply) => {
        const v = verifyToken<ItemClaims>(
          deps.config.sessionSecret,
          'preview',
          req.query.t,
          deps.clock.now(),
        );
        if (!v.ok) return refuse(reply, 403, v.expired ? 'link expired' : 'bad link');
        const item = await drive.liveItem(v.payload.u, v.payload.i).catch(() => null);
        if (!item || item.kind !== FILE || !item.blob_key) return refuse(reply, 404, 'not found');
        const kind = previewKindOf(item.name);
        if (kind === 'none') return refuse(reply, 415, 'cannot preview');
        guard(reply)
          .header('content-disposition', inlineDisposition(item.name))
          .header('cache-control', 'private, no-cache')
          .header('last-modified', new Date(item.updated_at).toUTCString());

        if (kind === 'text') {
          const truncated = item.size > PREVIEW_TEXT_MAX_BYTES;
          const bytes =
            item.size === 0
              ? Buffer.alloc(0)
              : await readAll(
                  await deps.blobs.get(item.blob_key, {
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

        // Images, video, audio and PDF: the bytes as they are, with a single Range as downloads do.
        reply.header('content-type', previewType(item));
        return sendBlobBytes(req, reply, deps.blobs, item.blob_key, item.size);
      },
    );
  };
}
