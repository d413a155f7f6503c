import type { Readable } from 'node:stream';
import { Code, DriveCode, DriveMsg, V2_BATCH_MAX, type V2BatchResponse } from '@phonecloud/shared';
import { V2BatchBody } from '@phonecloud/shared/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accepts } from '../../../http/caller.js';
import { ok } from '../../../http/envelope.js';
import { AppError } from '../../../http/errors.js';
import type { ZodSchemas } from '../../../http/route-schemas.js';
import { driveSession, driveUser, sessionAlive } from '../access/auth.js';
import { verifyToken } from '../access/tokens.js';
import { PART_PATH, type PartClaims } from '../download/links.js';
import { findV2Calls } from '../find/find-routes.js';
import type { DriveService } from '../service.js';
import type { Uploads } from '../upload/uploads.js';
import { type V2Ctx, v2Calls } from './v2-calls.js';

/** Calls a batch may carry: the spec names move and delete; rename and the bin's own fit the same shape. */
const BATCHABLE = new Set([
  '/file/move',
  '/file/delete',
  '/file/update',
  '/recyclebin/restore',
  '/recyclebin/delete',
]);

/** The newer variant: JSON POSTs under /v2 with a bearer drive token (no cookie, so no CSRF check). */
export function v2Routes(drive: DriveService, uploads: Uploads) {
  const deps = drive.deps;
  const base = v2Calls(drive, uploads);
  // Find and arrange: search, preferences, and the list in a chosen order (find-routes.ts).
  const calls = { ...base, ...findV2Calls(drive, base) };
  return async (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<ZodSchemas>();
    const opts = accepts('drive');
    const ctxOf = (req: FastifyRequest): V2Ctx => {
      const userId = driveUser(req);
      return { req, userId, sessionId: driveSession(req), driveId: String(userId) };
    };

    for (const [path, call] of Object.entries(calls)) {
      app.post(`/v2${path}`, opts, async (req) => ok(await call(ctxOf(req), req.body)));
    }

    app.post('/v2/batch', { ...opts, schema: { body: V2BatchBody } }, async (req) => {
      const b = req.body;
      if (b.requests.length > V2_BATCH_MAX)
        throw new AppError(DriveCode.BATCH_TOO_LARGE, DriveMsg.DELETE_LIMIT);
      const ctx = ctxOf(req);
      const responses: V2BatchResponse[] = [];
      // One after the other: moves of the same batch may depend on each other's results.
      for (const r of b.requests) {
        const call = BATCHABLE.has(r.url) && r.method.toUpperCase() === 'POST' ? calls[r.url] : undefined;
        if (!call) {
          responses.push({
            id: r.id,
            status: 404,
            body: { code: Code.INVALID, message: `unsupported: ${r.url}` },
          });
          continue;
        }
        try {
          responses.push({ id: r.id, status: 200, body: ok(await call(ctx, r.body)) });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          responses.push({ id: r.id, status: 200, body: { code: err.code, message: err.message } });
        }
      }
      return ok({ responses });
    });

    // Part uploads: the signed URL is the credential; the body is the raw bytes, streamed.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
      scope.put<{ Querystring: { t?: string } }>(
        PART_PATH,
        // The signed URL is the credential: the handler checks it.
        accepts('anonymous'),
        async (req, reply) => {
          const v = verifyToken<PartClaims>(deps.config.sessionSecret, 'part', req.query.t, deps.clock.now());
          // A part link is good only while the session that started the upload is signed in.
          if (!v.ok || !(await sessionAlive(deps, v.payload))) {
            req.raw.resume();
            return reply
              .status(403)
              .send({ code: 403, message: !v.ok && v.expired ? 'upload url expired' : 'bad upload url' });
          }
          const length = Number(req.headers['content-length']);
          const declared = Number.isSafeInteger(length) && length >= 0 ? length : undefined;
          const part = await uploads.putPart(
            v.payload.u,
            v.payload.up,
            v.payload.n,
            req.raw as Readable,
            declared,
          );
          return reply
            .header('etag', `"${part.etag}"`)
            .send(ok({ part_number: v.payload.n, size: part.size }));
        },
      );
    });
  };
}
