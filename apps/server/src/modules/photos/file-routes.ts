import { PhotoApi, PhotoMsg } from '@phonecloud/shared';
import { PhotoFileParams, PhotoThumbQuery, PhotoZipParams } from '@phonecloud/shared/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendBlobBytes } from '../../http/byte-range.js';
import type { AppDeps } from '../../http/context.js';
import { refuseDamagedBlob } from '../../http/damaged-blob.js';
import { currentSession, verifiedRoute } from '../../http/guards.js';
import type { ZodSchemas } from '../../http/route-schemas.js';
import { sendZip } from '../../http/zip-reply.js';
import { BlobIndex } from '../../storage/blob-index.js';
import { attachmentDisposition } from '../drive/index.js';
import { PhotosService } from './service.js';
import { PhotoZips } from './zip.js';

function notFound(reply: FastifyReply) {
  return reply.status(404).send({ code: 404, message: 'not found' });
}

/**
 * The bytes: the original and a selection's zip as attachments (never shown in place: `nosniff`,
 * a sandbox, the served type of its name), and the thumbnails as JPEGs. Another user's id or
 * link is "not found"; bytes the store check found damaged are refused (409, `PhotoMsg.DAMAGED`).
 */
export async function photoFileRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<ZodSchemas>();
  const photos = new PhotosService(deps);
  const zips = new PhotoZips(deps);
  const blobIndex = new BlobIndex(deps.db);
  const guard = verifiedRoute(deps, 'main');
  const uid = (req: FastifyRequest) => currentSession(req).userId;

  app.get(`${PhotoApi.file}/:id`, { ...guard, schema: { params: PhotoFileParams } }, async (req, reply) => {
    const row = await photos.readable(uid(req), req.params.id);
    if (!row) return notFound(reply);
    if (await blobIndex.isDamaged(row.sha256)) return refuseDamagedBlob(reply, PhotoMsg.DAMAGED);
    reply
      .type(row.mime)
      .header('content-disposition', attachmentDisposition(row.name))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', 'sandbox')
      .header('cache-control', 'private, max-age=3600');
    return sendBlobBytes(req, reply, deps.blobs, row.sha256, row.size);
  });

  // Only the user who made the link: another session, or none, is "not found".
  app.get(`${PhotoApi.zip}/:token`, { ...guard, schema: { params: PhotoZipParams } }, async (req, reply) => {
    const zip = await zips.open(uid(req), req.params.token);
    if (!zip) return notFound(reply);
    if (zip.damaged.length > 0) return refuseDamagedBlob(reply, PhotoMsg.DAMAGED, { files: zip.damaged });
    reply.header('content-security-policy', 'sandbox');
    return sendZip(req, reply, zip.entries, zip.name);
  });

  app.get(
    `${PhotoApi.thumb}/:id`,
    { ...guard, schema: { params: PhotoFileParams, querystring: PhotoThumbQuery } },
    async (req, reply) => {
      const row = await photos.readable(uid(req), req.params.id);
      const key = req.query.s === '1024' ? row?.thumb_large_key : row?.thumb_key;
      if (!row || !key) return notFound(reply);
      const stat = await deps.blobs.stat(key);
      if (!stat) return notFound(reply);
      if (await blobIndex.isDamaged(key)) {
        // Made from the original: made again from it when that is whole, for the next look.
        await photos.remakeThumbs(uid(req), row);
        return refuseDamagedBlob(reply, PhotoMsg.DAMAGED);
      }
      // Content-addressed: a thumbnail's bytes never change under its key.
      reply
        .type('image/jpeg')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=31536000, immutable');
      return sendBlobBytes(req, reply, deps.blobs, key, stat.size);
    },
  );
}
