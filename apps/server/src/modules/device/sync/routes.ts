import { Code, SYNC_PUSH_BODY_MAX, SyncApi, type SyncArea, SyncMsg, SyncPortalApi } from '@phonecloud/shared';
import { SyncHeldBody, SyncHeldQuery, SyncPullBody, SyncPushBody } from '@phonecloud/shared/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../http/context.js';
import { ok } from '../../../http/envelope.js';
import { AppError } from '../../../http/errors.js';
import { currentSession, requireVerified } from '../../../http/guards.js';
import type { ZodSchemas } from '../../../http/route-schemas.js';
import { type DeviceAuth, DeviceService } from '../service.js';
import { wakeupFor } from '../wakeup.js';
import { AREAS, SyncService } from './service.js';

/** Each change against its area's shape, before anything is written: the first bad one is named. */
function checkChanges(area: SyncArea, changes: readonly unknown[]): unknown[] {
  const schema = AREAS[area].change;
  return changes.map((c, index) => {
    const r = schema.safeParse(c);
    if (!r.success) throw new AppError(Code.INVALID, SyncMsg.CHANGE_INVALID, { index });
    return r.data;
  });
}

/**
 * Phone sync: the device API's pull and push (bearer device token, as every device call: the
 * device module's own check, the session cookie never read), and the portal's calls about held
 * syncs (session and the areas' verification gate). docs/sync.md.
 */
export async function syncRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<ZodSchemas>();
  const devices = new DeviceService(deps, wakeupFor(deps.db, app.log));
  const sync = new SyncService(deps);
  app.decorateRequest('device', null);
  const device = {
    config: { csrf: false },
    // Who is calling first: a bad token with a bad body answers the token's error.
    preHandler: async (req: FastifyRequest) => {
      const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      req.device = await devices.authenticate(m?.[1]);
    },
  };
  const phone = (req: FastifyRequest): DeviceAuth => {
    if (!req.device) throw new Error('sync route without its preHandler');
    return req.device;
  };

  app.post(SyncApi.pull, { ...device, schema: { body: SyncPullBody } }, async (req) =>
    ok(await sync.pull(phone(req), req.body)),
  );
  app.post(
    SyncApi.push,
    { ...device, bodyLimit: SYNC_PUSH_BODY_MAX, schema: { body: SyncPushBody } },
    async (req) => {
      const { area, batch_id, pending_deletes } = req.body;
      const changes = checkChanges(area, req.body.changes);
      return ok(await sync.push(phone(req), { area, batch_id, changes, pending_deletes }));
    },
  );

  const guard = { preHandler: requireVerified(deps, 'main') };
  const uid = (req: FastifyRequest) => currentSession(req).userId;
  app.get(SyncPortalApi.heldList, { ...guard, schema: { querystring: SyncHeldQuery } }, async (req) =>
    ok(await sync.heldList(uid(req), req.query.area)),
  );
  app.post(SyncPortalApi.heldApply, { ...guard, schema: { body: SyncHeldBody } }, async (req) =>
    ok(await sync.applyHeld(uid(req), req.body.held_id)),
  );
  app.post(SyncPortalApi.heldRefuse, { ...guard, schema: { body: SyncHeldBody } }, async (req) =>
    ok(await sync.refuseHeld(uid(req), req.body.held_id)),
  );
}
