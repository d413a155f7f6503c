import { Code, TotpApi } from '@phonecloud/shared';
import { TotpConfirmBody } from '@phonecloud/shared/api';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { currentSession, sessionRoute, verifiedRoute } from '../../http/guards.js';
import type { ZodSchemas } from '../../http/route-schemas.js';
import { Users } from '../users/index.js';
import { TotpService } from './service.js';

/** The account centre's authenticator calls; changing it needs a fresh main-scope verification. */
export async function totpRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<ZodSchemas>();
  const service = new TotpService(deps);
  const users = new Users(deps.db);
  const fresh = verifiedRoute(deps, 'main');

  app.get(TotpApi.status, sessionRoute, async (req) => ok(await service.status(currentSession(req).userId)));
  app.post(TotpApi.enrol, fresh, async (req) => {
    const user = await users.byId(currentSession(req).userId);
    if (!user) throw new AppError(Code.NOT_LOGGED_IN);
    return ok(await service.enrol(user.id, user.username));
  });
  app.post(TotpApi.confirm, { ...fresh, schema: { body: TotpConfirmBody } }, async (req) =>
    ok({ recovery_codes: await service.confirm(currentSession(req).userId, req.body.code) }),
  );
  app.post(TotpApi.recovery, fresh, async (req) => {
    return ok({ recovery_codes: await service.renewRecoveryCodes(currentSession(req).userId) });
  });
  app.post(TotpApi.remove, fresh, async (req) => {
    await service.remove(currentSession(req).userId);
    return ok();
  });
}
