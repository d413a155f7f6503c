import fastifyMultipart from '@fastify/multipart';
import {
  AVATAR_MAX_BYTES,
  ContactApi,
  ContactMsg,
  CSV_EXTENSION,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_FILES,
  IMPORT_SKIP_GROUPS_FIELD,
} from '@phonecloud/shared';
import { ContactExportBody, ContactFileParams, ContactUploadBody } from '@phonecloud/shared/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { attachmentDisposition } from '../../../http/content-disposition.js';
import type { AppDeps } from '../../../http/context.js';
import { refuseDamagedBlob } from '../../../http/damaged-blob.js';
import { ok } from '../../../http/envelope.js';
import { invalid } from '../../../http/errors.js';
import { currentSession, requireVerified } from '../../../http/guards.js';
import type { ZodSchemas } from '../../../http/route-schemas.js';
import { countImport } from '../../../lib/metrics.js';
import { idList } from '../params.js';
import { ExportService } from '../vcard/export.js';
import { ImportService, type UploadedFile } from '../vcard/import.js';
import { AvatarService } from './avatar.js';

// Twice the base64 of the largest avatar: a somewhat larger file still reaches the service and
// gets the spec's text instead of the framework's 413.
const UPLOAD_BODY_LIMIT = 2 * Math.ceil((AVATAR_MAX_BYTES * 4) / 3);

function notFound(reply: FastifyReply) {
  return reply.status(404).send({ code: 404, message: 'not found' });
}

/** Avatars, vCard import and export: the calls that move files. */
export async function contactFileRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<ZodSchemas>();
  const avatars = new AvatarService(deps);
  const exporter = new ExportService(deps);
  const importer = new ImportService(deps);
  const guard = requireVerified(deps, 'main');
  const uid = (req: FastifyRequest) => currentSession(req).userId;

  // Registered in this module's scope only: the other areas keep their own body parsers.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: IMPORT_MAX_FILE_BYTES,
      files: IMPORT_MAX_FILES,
      fields: 20,
      parts: IMPORT_MAX_FILES + 20,
    },
  });

  const byKey = { preHandler: guard, schema: { params: ContactFileParams } };
  app.post(
    ContactApi.upload,
    { preHandler: guard, bodyLimit: UPLOAD_BODY_LIMIT, schema: { body: ContactUploadBody } },
    async (req) => ok(await avatars.upload(uid(req), req.body.fid, req.body.filename, req.body.file)),
  );

  app.get(`${ContactApi.avatar}/:key`, byKey, async (req, reply) => {
    const file = await avatars.open(uid(req), req.params.key);
    if (!file) return notFound(reply);
    if (file === 'damaged') return refuseDamagedBlob(reply, ContactMsg.AVATAR_DAMAGED);
    // Content-addressed: the bytes under a key never change.
    reply.header('cache-control', 'private, max-age=31536000, immutable');
    reply.header('content-length', String(file.size));
    return reply.type('image/jpeg').send(file.stream);
  });

  app.post(ContactApi.export, { preHandler: guard, schema: { body: ContactExportBody } }, async (req) => {
    const body = req.body;
    return ok(
      await exporter.export(uid(req), {
        ...(body.group_name !== undefined ? { group: body.group_name } : {}),
        ...(body.server_ids !== undefined ? { ids: idList(body.server_ids) } : {}),
        version: body.version,
        ...(body.csv ? { csv: body.csv } : {}),
      }),
    );
  });
  app.get(`${ContactApi.exportFile}/:key`, byKey, async (req, reply) => {
    const file = await exporter.open(uid(req), req.params.key);
    if (!file) return notFound(reply);
    reply.header('content-disposition', attachmentDisposition(file.name));
    reply.header('cache-control', 'private, no-store');
    reply.header('content-length', String(file.size));
    const type = file.name.endsWith(CSV_EXTENSION) ? 'text/csv; charset=utf-8' : 'text/vcard; charset=utf-8';
    return reply.type(type).send(file.stream);
  });

  app.post(ContactApi.import, { preHandler: guard }, async (req) => {
    if (!req.isMultipart()) throw invalid(ContactMsg.IMPORT_EMPTY);
    const header = req.headers.filename;
    const fallbackName = typeof header === 'string' ? safeDecode(header) : '';
    const files: UploadedFile[] = [];
    let skipGroups = false;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'field' && part.fieldname === IMPORT_SKIP_GROUPS_FIELD)
          skipGroups = part.value === '1';
        if (part.type !== 'file' || part.fieldname !== 'file') continue;
        const bytes = await part.toBuffer();
        files.push({ name: part.filename || fallbackName, bytes });
      }
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
        throw invalid(ContactMsg.IMPORT_TOO_LARGE);
      }
      throw err;
    }
    return ok(await countImport('contacts', () => importer.import(uid(req), files, { skipGroups })));
  });
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
