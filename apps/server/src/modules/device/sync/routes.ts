import { Code, SYNC_PUSH_BODY_MAX, SyncApi, type SyncArea, SyncMsg, SyncPortalApi } from '@phonecloud/shared';
import { SyncHeldBody, SyncHeldQuery, SyncPullBody, SyncPushBody } from '@phonecloud/shared/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accepts, callerOf } from '../../../http/caller.js';
import type { AppDeps } from '../../../http/context.js';
import { ok } from '../../../http/envelope.js';
import { AppError } from '../../../http/errors.js';
import { currentSession, verifiedRoute } from '../../../http/guards.js';
import type { ZodSchemas } from '../../../http/route-schemas.js';
import { type SyncAdapters, SyncService } from './service.js';

/** Each change against its area's shape, before anything is written: the first bad one is named. */
function checkChanges(sync: SyncService, area: SyncArea, changes: readonly unknown[]): unknown[] {
  const schema = sync.adapter(area).change;
  return changes.map((c, index) => {
    const r = schema.safeParse(c);
    if (!r.success) throw new AppError(Code.INVALID, SyncMsg.CHANGE_INVALID, { index });
    return r.data;
  });
}

/**
 * Phone sync: the device API's pull and push (device callers, as every device call: the session
 * cookie never read), and the portal's calls about held syncs (session and the areas'
 * verification gate). docs/sync.md.
 */
export async function syncRoutes(scope: FastifyInstance, deps: AppDeps, adapters: SyncAdapters) {
  const app = scope.withTypeProvider<ZodSchemas>();
  const sync = new SyncService(deps, adapters);
  const phone = (req: FastifyRequest) => callerOf(req, 'device');
  const device = accepts('device');

  app.post(SyncApi.pull, { ...device, schema: { body: SyncPullBody } }, async (req) =>
    ok(await sync.pull(phone(req), req.body)),
  );
  app.post(
    SyncApi.push,
    { ...device, bodyLimit: SYNC_PUSH_BODY_MAX, schema: { body: SyncPushBody } },
    async (req) => {
      const { area, batch_id, pending_deletes } = req.body;
      const changes = checkChanges(sync, area, req.body.changes);
      return ok(await sync.push(phone(req), { area, batch_id, changes, pending_deletes }));
    },
  );

  const guard = verifiedRoute(deps, 'main');
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
