import type { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import { DRIVE_ROOT_NUMERIC_ID, DriveApi } from '@phonecloud/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accepts } from '../../../http/caller.js';
import { invalid } from '../../../http/errors.js';
import { parse } from '../../../http/parse.js';
import { driveUser } from '../access/auth.js';
import { or409 } from '../faces/v1-routes.js';
import { parseV1Id, toV1 } from '../faces/views.js';
import type { QuickUpload } from './quick.js';
import type { UploadNameMode, Uploads } from './uploads.js';

/** v1 duplicatePolicy: 0 refuse (409), 1 rename, 2 rename unless it is the same file, 3 overwrite. */
const POLICIES: Record<string, UploadNameMode> = {
  '0': 'refuse',
  '1': 'auto_rename',
  '2': 'same_or_rename',
  '3': 'overwrite',
};

const UploadQuery = z.object({
  size: z.coerce.number().int().min(0),
  filename: z.string().optional(),
  pid: z.string().optional(),
  duplicatePolicy: z.string().default('2'),
});
const HeadQuery = z.object({
  md5: z.string(),
  size: z.coerce.number().int().min(0),
  pid: z.string().optional(),
  filename: z.string().optional(),
});
const ProveBody = z.object({
  md5: z.string(),
  size: z.coerce.number().int().min(0),
  sid: z.string(),
  authMd5: z.string(),
  filename: z.string().optional(),
});

function folderOf(pid: string | undefined): number {
  const id = pid === undefined || pid === '' ? null : parseV1Id(pid);
  return id ?? DRIVE_ROOT_NUMERIC_ID;
}

/**
 * The upload host (`secureUploadDomain`): possibly another origin, so authenticated by the
 * `token` query parameter and open to cross-origin calls (no cookies are involved).
 */
export function uploadHostRoutes(uploads: Uploads, quick: QuickUpload) {
  return async (app: FastifyInstance) => {
    await app.register(fastifyMultipart, {
      // Size is enforced against the announced size while streaming; the plugin must not cut it.
      limits: { fileSize: Number.MAX_SAFE_INTEGER, files: 1, fields: 20 },
    });
    const opts = accepts('drive-upload');
    app.addHook('onSend', async (_req, reply) => {
      reply.header('access-control-allow-origin', '*');
    });
    for (const path of [DriveApi.uploadFile, DriveApi.uploadHead]) {
      app.options(path, accepts('anonymous'), async (_req, reply) =>
        reply
          .header('access-control-allow-methods', 'GET, POST, OPTIONS')
          .header('access-control-allow-headers', 'content-type')
          .header('access-control-max-age', '600')
          .status(204)
          .send(),
      );
    }

    app.post(DriveApi.uploadFile, opts, async (req: FastifyRequest, reply) => {
      const q = parse(UploadQuery, req.query);
      const nameMode = POLICIES[q.duplicatePolicy];
      if (!nameMode) throw invalid('duplicatePolicy');
      if (!req.isMultipart()) throw invalid('multipart/form-data');
      const file = await req.file();
      if (!file) throw invalid('file');
      return or409(reply, async () => {
        // Refused before the bytes were read (quota, name, folder): drain them and close, or
        // the client would wait on a body nobody reads.
        const drain = (err: unknown) => {
          file.file.resume();
          reply.header('connection', 'close');
          throw err;
        };
        const { item } = await uploads
          .uploadStream(
            driveUser(req),
            {
              parentId: folderOf(q.pid),
              name: q.filename ?? file.filename,
              size: q.size,
              face: 'v1',
              nameMode,
            },
            file.file as Readable,
          )
          .catch(drain);
        return toV1(item);
      });
    });

    app.get(DriveApi.uploadHead, opts, async (req, reply) => {
      const q = parse(HeadQuery, req.query);
      const answer = await quick.head(driveUser(req), {
        parentId: folderOf(q.pid),
        md5: q.md5,
        size: q.size,
        name: q.filename,
      });
      if (answer.status !== 0) return reply.status(answer.status).send({ code: answer.status });
      return { code: 0, sid: answer.sid, offset: answer.offset, len: answer.len };
    });

    app.post(DriveApi.uploadHead, opts, async (req, reply) => {
      const b = parse(ProveBody, { ...(req.query as object), ...(req.body as object) });
      return or409(reply, async () => {
        const { item } = await quick.prove(driveUser(req), {
          sid: b.sid,
          md5: b.md5,
          size: b.size,
          authMd5: b.authMd5,
          name: b.filename,
        });
        return toV1(item);
      });
    });
  };
}
