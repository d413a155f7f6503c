import fastifyMultipart from '@fastify/multipart';
import {
  NOTE_RECORD_MAX_BYTES,
  NOTE_UPLOAD_TOKEN_FIELD,
  NOTE_UPLOAD_TYPE_FIELD,
  NoteApi,
  NoteMsg,
} from '@phonecloud/shared';
import { NoteExportParams, NoteFileParams } from '@phonecloud/shared/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendBlobBytes } from '../../http/byte-range.js';
import { attachmentDisposition } from '../../http/content-disposition.js';
import type { AppDeps } from '../../http/context.js';
import { refuseDamagedBlob } from '../../http/damaged-blob.js';
import { ok } from '../../http/envelope.js';
import { invalid } from '../../http/errors.js';
import { currentSession, requireVerified } from '../../http/guards.js';
import type { ZodSchemas } from '../../http/route-schemas.js';
import { NoteExportService } from './export.js';
import { NoteFileKind, NoteFiles } from './files.js';

function notFound(reply: FastifyReply) {
  return reply.status(404).send({ code: 404, message: 'not found' });
}

/** Images and recordings (upload.do, serving with Range), and the export. */
export async function noteFileRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<ZodSchemas>();
  const files = new NoteFiles(deps);
  const exporter = new NoteExportService(deps);
  const guard = requireVerified(deps, 'main');
  const uid = (req: FastifyRequest) => currentSession(req).userId;

  // Registered in this module's scope only: the other areas keep their own body parsers.
  await app.register(fastifyMultipart, {
    // A little over the largest file so an oversized one still gets the product's text.
    limits: { fileSize: NOTE_RECORD_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 },
  });

  app.post(NoteApi.upload, { preHandler: guard }, async (req) => {
    if (!req.isMultipart()) throw invalid(NoteMsg.UPLOAD_FAILED);
    const fields: Record<string, string> = {};
    let file: { name: string; bytes: Buffer } | null = null;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          if (part.fieldname === 'file' && !file)
            file = { name: part.filename, bytes: await part.toBuffer() };
          else await part.toBuffer();
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid(NoteMsg.FILE_TOO_LARGE);
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw invalid(NoteMsg.BAD_REQUEST);
      throw err;
    }
    // Spec 001 §7: the fixed token field. It carries the page's CSRF token, which the header
    // check has already matched against the cookie; a form without it is not the page's.
    if (fields[NOTE_UPLOAD_TOKEN_FIELD] !== req.headers['x-xsrf-token']) throw invalid(NoteMsg.BAD_REQUEST);
    if (!file) throw invalid(NoteMsg.UPLOAD_FAILED);
    const kind = fields[NOTE_UPLOAD_TYPE_FIELD] === 'record' ? 'record' : 'image';
    return ok(await files.upload(uid(req), kind, file.name, file.bytes));
  });

  app.get(
    `${NoteApi.file}/:key`,
    { preHandler: guard, schema: { params: NoteFileParams } },
    async (req, reply) => {
      const { key } = req.params;
      if (!/^[0-9a-f]{64}$/.test(key)) return notFound(reply);
      const file = await files.file(uid(req), key);
      if (!file) return notFound(reply);
      if (file.damaged) return refuseDamagedBlob(reply, NoteMsg.FILE_DAMAGED);
      const size = Number(file.size);
      // Content-addressed: the bytes under a key never change.
      reply.header('cache-control', 'private, max-age=31536000, immutable').type(file.content_type);
      // A recording plays in the page; its name rides along for the download link the page offers
      // when the browser cannot play the format.
      if (Number(file.kind) === NoteFileKind.RECORD)
        reply.header(
          'content-disposition',
          `inline; ${attachmentDisposition(file.name).slice('attachment; '.length)}`,
        );
      return sendBlobBytes(req, reply, deps.blobs, key, size);
    },
  );

  app.post(NoteApi.export, { preHandler: guard }, async (req) => ok(await exporter.export(uid(req))));
  // The name in the path is for the browser's save dialog only.
  for (const url of [`${NoteApi.exportFile}/:id`, `${NoteApi.exportFile}/:id/:name`]) {
    app.get(url, { preHandler: guard, schema: { params: NoteExportParams } }, async (req, reply) => {
      const zip = await exporter.open(uid(req), req.params.id, req.log);
      if (!zip) return notFound(reply);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentDisposition(zip.name))
        .header('cache-control', 'private, no-store')
        .send(zip.stream);
    });
  }
}
