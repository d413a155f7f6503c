import fastifyMultipart from '@fastify/multipart';
import {
  AVATAR_MAX_BYTES,
  ContactApi,
  ContactMsg,
  CSV_EXTENSION,
  CSV_LAYOUTS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_FILES,
  IMPORT_SKIP_GROUPS_FIELD,
  VCARD_VERSIONS,
} from '@phonecloud/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { attachmentDisposition } from '../../../http/content-disposition.js';
import type { AppDeps } from '../../../http/context.js';
import { ok } from '../../../http/envelope.js';
import { invalid } from '../../../http/errors.js';
import { currentSession, requireVerified } from '../../../http/guards.js';
import { parse } from '../../../http/parse.js';
import { idList } from '../params.js';
import { ExportService } from '../vcard/export.js';
import { ImportService, type UploadedFile } from '../vcard/import.js';
import { AvatarService } from './avatar.js';

const UploadBody = z.object({
  filename: z.string().default(''),
  fid: z.string().default(''),
  file: z.string({ message: ContactMsg.AVATAR_BAD }),
});
const KeyParams = z.object({ key: z.string() });
// Not in the spec's call (it exports the whole book): a group or chosen contacts, and the version.
const ExportBody = z.object({
  group_name: z.string().optional(),
  server_ids: z.unknown().optional(),
  version: z.enum(VCARD_VERSIONS, { message: ContactMsg.BAD_REQUEST }).default('3.0'),
  csv: z.enum(CSV_LAYOUTS, { message: ContactMsg.BAD_REQUEST }).optional(),
});
// Twice the base64 of the largest avatar: a somewhat larger file still reaches the service and
// gets the spec's text instead of the framework's 413.
const UPLOAD_BODY_LIMIT = 2 * Math.ceil((AVATAR_MAX_BYTES * 4) / 3);

function notFound(reply: FastifyReply) {
  return reply.status(404).send({ code: 404, message: 'not found' });
}

/** Avatars, vCard import and export: the calls that move files. */
export async function contactFileRoutes(app: FastifyInstance, deps: AppDeps) {
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

  app.post(ContactApi.upload, { preHandler: guard, bodyLimit: UPLOAD_BODY_LIMIT }, async (req) => {
    const body = parse(UploadBody, req.body);
    return ok(await avatars.upload(uid(req), body.fid, body.filename, body.file));
  });

  app.get(`${ContactApi.avatar}/:key`, { preHandler: guard }, async (req, reply) => {
    const { key } = parse(KeyParams, req.params);
    const file = await avatars.open(uid(req), key);
    if (!file) return notFound(reply);
    // Content-addressed: the bytes under a key never change.
    reply.header('cache-control', 'private, max-age=31536000, immutable');
    reply.header('content-length', String(file.size));
    return reply.type('image/jpeg').send(file.stream);
  });

  app.post(ContactApi.export, { preHandler: guard }, async (req) => {
    const body = parse(ExportBody, req.body ?? {});
    return ok(
      await exporter.export(uid(req), {
        ...(body.group_name !== undefined ? { group: body.group_name } : {}),
        ...(body.server_ids !== undefined ? { ids: idList(body.server_ids) } : {}),
        version: body.version,
        ...(body.csv ? { csv: body.csv } : {}),
      }),
    );
  });
  app.get(`${ContactApi.exportFile}/:key`, { preHandler: guard }, async (req, reply) => {
    const { key } = parse(KeyParams, req.params);
    const file = await exporter.open(uid(req), key);
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
    return ok(await importer.import(uid(req), files, { skipGroups }));
  });
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
