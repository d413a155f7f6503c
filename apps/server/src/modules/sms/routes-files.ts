import { SmsApi } from '@phonecloud/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { attachmentDisposition } from '../../http/content-disposition.js';
import type { AppDeps } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { currentSession, requireVerified } from '../../http/guards.js';
import { parse } from '../../http/parse.js';
import { SmsExportService } from './backup/export.js';

const ExportParams = z.object({ id: z.string(), name: z.string() });
const KeyParams = z.object({ key: z.string() });
// Pictures are shown inline only in types a browser renders as an image and nothing else.
const INLINE_IMAGES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp']);

function notFound(reply: FastifyReply) {
  return reply.status(404).send({ code: 404, message: 'not found' });
}

/** Export (and its download) and the MMS pictures: the calls that move files. */
export async function smsFileRoutes(app: FastifyInstance, deps: AppDeps) {
  const exporter = new SmsExportService(deps);
  const guard = requireVerified(deps, 'main');
  const uid = (req: FastifyRequest) => currentSession(req).userId;

  app.post(SmsApi.export, { preHandler: guard }, async (req) => ok(await exporter.export(uid(req))));

  // The name in the path is for the browser's save dialog; the id alone finds the file.
  app.get(`${SmsApi.exportFile}/:id/:name`, { preHandler: guard }, async (req, reply) => {
    const { id } = parse(ExportParams, req.params);
    const file = await exporter.open(uid(req), id);
    if (!file) return notFound(reply);
    reply.header('content-disposition', attachmentDisposition(file.name));
    reply.header('cache-control', 'private, no-store');
    reply.header('content-length', String(file.size));
    return reply.type('application/xml; charset=utf-8').send(file.stream);
  });

  app.get(`${SmsApi.mmsFile}/:key`, { preHandler: guard }, async (req, reply) => {
    const { key } = parse(KeyParams, req.params);
    const file = await exporter.openPicture(uid(req), key);
    if (!file) return notFound(reply);
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
