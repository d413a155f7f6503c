import { SmsApi, SmsMsg } from '@phonecloud/shared';
import { SmsExportParams, SmsPictureParams } from '@phonecloud/shared/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { attachmentDisposition } from '../../http/content-disposition.js';
import type { AppDeps } from '../../http/context.js';
import { refuseDamagedBlob } from '../../http/damaged-blob.js';
import { ok } from '../../http/envelope.js';
import { currentSession, requireVerified } from '../../http/guards.js';
import type { ZodSchemas } from '../../http/route-schemas.js';
import { SmsExportService } from './backup/export.js';

// Pictures are shown inline only in types a browser renders as an image and nothing else.
const INLINE_IMAGES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp']);

function notFound(reply: FastifyReply) {
  return reply.status(404).send({ code: 404, message: 'not found' });
}

/** Export (and its download) and the MMS pictures: the calls that move files. */
export async function smsFileRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<ZodSchemas>();
  const exporter = new SmsExportService(deps);
  const guard = requireVerified(deps, 'main');
  const uid = (req: FastifyRequest) => currentSession(req).userId;

  app.post(SmsApi.export, { preHandler: guard }, async (req) => ok(await exporter.export(uid(req))));

  // The name in the path is for the browser's save dialog; the id alone finds the file.
  const exportFile = { preHandler: guard, schema: { params: SmsExportParams } };
  app.get(`${SmsApi.exportFile}/:id/:name`, exportFile, async (req, reply) => {
    const file = await exporter.open(uid(req), req.params.id);
    if (!file) return notFound(reply);
    reply.header('content-disposition', attachmentDisposition(file.name));
    reply.header('cache-control', 'private, no-store');
    reply.header('content-length', String(file.size));
    return reply.type('application/xml; charset=utf-8').send(file.stream);
  });

  const picture = { preHandler: guard, schema: { params: SmsPictureParams } };
  app.get(`${SmsApi.mmsFile}/:key`, picture, async (req, reply) => {
    const { key } = req.params;
    const file = await exporter.openPicture(uid(req), key);
    if (!file) return notFound(reply);
    if (file === 'damaged') return refuseDamagedBlob(reply, SmsMsg.PICTURE_DAMAGED);
    // Content-addressed: the bytes under a key never change.
    reply.header('cache-control', 'private, max-age=31536000, immutable');
    reply.header('content-length', String(file.size));
    reply.header('x-content-type-options', 'nosniff');
    if (!INLINE_IMAGES.has(file.mime)) {
      reply.header('content-disposition', attachmentDisposition(`mms-${key.slice(0, 12)}`));
      return reply.type('application/octet-stream').send(file.stream);
    }
    return reply.type(file.mime).send(file.stream);
  });
}
