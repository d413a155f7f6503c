import { TakeoutApi } from '@phonecloud/shared';
import { TakeoutFileParams } from '@phonecloud/shared/api';
import type { FastifyInstance } from 'fastify';
import { sendBlobBytes } from '../../http/byte-range.js';
import { attachmentDisposition } from '../../http/content-disposition.js';
import type { AppDeps } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { currentSession, verifiedRoute } from '../../http/guards.js';
import type { ZodSchemas } from '../../http/route-schemas.js';
import type { Takeouts } from './service.js';

/**
 * 导出全部数据's calls: all behind the signed-in session and a fresh second verification of the
 * main scope (6001 without it), as deleting the account is; the download as well, since the zip
 * is the whole account.
 */
export function takeoutRoutes(takeouts: (deps: AppDeps) => Takeouts) {
  return async (scope: FastifyInstance, deps: AppDeps) => {
    const app = scope.withTypeProvider<ZodSchemas>();
    const service = takeouts(deps);
    const gated = verifiedRoute(deps, 'main');
    scope.addHook('onClose', () => service.interruptMine());

    app.post(TakeoutApi.start, gated, async (req) =>
      ok(await service.start(currentSession(req).userId, req.log)),
    );
    app.get(TakeoutApi.status, gated, async (req) =>
      ok({ job: await service.status(currentSession(req).userId) }),
    );

    const file = { ...gated, schema: { params: TakeoutFileParams } };
    app.get(`${TakeoutApi.file}/:id`, file, async (req, reply) => {
      const found = await service.file(currentSession(req).userId, req.params.id);
      if (!found) return reply.status(404).send({ code: 404, message: 'not found' });
      // A download, never a page: the zip is named for saving and sniffing is off (security headers).
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentDisposition(found.name))
        .header('cache-control', 'private, no-store');
      return sendBlobBytes(req, reply, deps.blobs, found.key, found.size);
    });
  };
}
