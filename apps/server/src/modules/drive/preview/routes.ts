import {
  PreviewApi,
  previewKindOf,
  THUMB_SIZES,
  type ThumbSize,
  type V1PreviewUrl,
  type V2PreviewUrl,
} from '@phonecloud/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accepts } from '../../../http/caller.js';
import { ok } from '../../../http/envelope.js';
import { parse } from '../../../http/parse.js';
import { driveUser } from '../access/auth.js';
import { verifyToken } from '../access/tokens.js';
import { refuseDamaged } from '../download/send.js';
import { notFound } from '../errors.js';
import { parseV1Id, parseV2Id } from '../faces/views.js';
import { FILE } from '../items-repo.js';
import type { DriveService } from '../service.js';
import { guardPreview, previewType, refusePreview as refuse, sendPreview } from './answer.js';
import { type ItemClaims, previewUrl } from './links.js';
import { Thumbs } from './thumbs.js';

/**
 * Preview of drive files without downloading them: the preview-URL calls of both faces, the
 * signed preview itself (inline, `Content-Security-Policy: sandbox`, nosniff, Range) and the
 * thumbnails of images (made on the first request, kept as blobs).
 */
export function previewRoutes(drive: DriveService) {
  return async (app: FastifyInstance) => {
    registerPreviewUrlRoutes(app, drive);
    registerSignedRoutes(app, drive, new Thumbs(drive.deps));
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The preview-URL calls of both faces: a signed link to the file's preview, and its kind. */
function registerPreviewUrlRoutes(app: FastifyInstance, drive: DriveService) {
  const deps = drive.deps;
  app.post(
    PreviewApi.v2PreviewUrl,
    accepts('drive'),
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
    accepts('drive-v1'),
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
}

/** What the signed links open: a thumbnail of an image, and the preview itself. */
function registerSignedRoutes(app: FastifyInstance, drive: DriveService, thumbs: Thumbs) {
  const deps = drive.deps;
  app.get(
    PreviewApi.thumb,
    async (req: FastifyRequest<{ Querystring: { t?: string; s?: string } }>, reply: FastifyReply) => {
      const v = verifyToken<ItemClaims>(deps.config.sessionSecret, 'thumb', req.query.t, deps.clock.now());
      if (!v.ok) return refuse(reply, 403, v.expired ? 'link expired' : 'bad link');
      const size = Number(req.query.s) as ThumbSize;
      if (!THUMB_SIZES.includes(size)) return refuse(reply, 404, 'not found');
      const thumb = await thumbs.get(v.payload.u, v.payload.i, size);
      if (!thumb.ok) return refuse(reply, thumb.reason === 'not-found' ? 404 : 415, thumb.reason);
      guardPreview(reply)
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
      const v = verifyToken<ItemClaims>(deps.config.sessionSecret, 'preview', req.query.t, deps.clock.now());
      if (!v.ok) return refuse(reply, 403, v.expired ? 'link expired' : 'bad link');
      const item = await drive.liveItem(v.payload.u, v.payload.i).catch(() => null);
      if (!item || item.kind !== FILE || !item.blob_key) return refuse(reply, 404, 'not found');
      const kind = previewKindOf(item.name);
      if (kind === 'none') return refuse(reply, 415, 'cannot preview');
      if (await drive.blobIndex.isDamaged(item.blob_key)) return refuseDamaged(reply);
      return sendPreview(req, reply, deps.blobs, item, item.blob_key, kind);
    },
  );
}
