import { AppPasswordApi, AppPasswordMsg } from '@phonecloud/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { currentSession, sessionRoute, verifiedRoute } from '../../http/guards.js';
import { parse } from '../../http/parse.js';
import { AppPasswordsService } from './service.js';

const CreateBody = z.object({ name: z.string({ message: AppPasswordMsg.NAME_EMPTY }) });
const RevokeBody = z.object({
  id: z.coerce.number({ message: AppPasswordMsg.GONE }).int().positive(AppPasswordMsg.GONE),
});

/**
 * The account centre's app passwords. Listing needs a signed-in session (as the sessions list);
 * creating and revoking need a fresh main-scope verification (as the authenticator). Only the
 * browser session is accepted: an app password is never a portal credential.
 */
export async function appPasswordRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = new AppPasswordsService(deps);
  const fresh = verifiedRoute(deps, 'main');

  app.get(AppPasswordApi.list, sessionRoute, async (req) =>
    ok({ list: await service.list(currentSession(req).userId) }),
  );
  app.post(AppPasswordApi.create, fresh, async (req) => {
    const body = parse(CreateBody, req.body);
    return ok(await service.create(currentSession(req).userId, body.name));
  });
  app.post(AppPasswordApi.revoke, fresh, async (req) => {
    const body = parse(RevokeBody, req.body);
    await service.revoke(currentSession(req).userId, body.id);
    return ok();
  });
}
