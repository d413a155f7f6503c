import {
  Code,
  isSyncArea,
  SYNC_BATCH_ID_MAX,
  SYNC_BATCH_ID_MIN,
  SYNC_BATCH_MAX,
  SYNC_PULL_PAGE,
  SYNC_PULL_PAGE_MAX,
  SYNC_PUSH_BODY_MAX,
  SyncApi,
  type SyncArea,
  SyncMsg,
  SyncPortalApi,
} from '@phonecloud/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accepts, callerOf } from '../../../http/caller.js';
import type { AppDeps } from '../../../http/context.js';
import { ok } from '../../../http/envelope.js';
import { AppError } from '../../../http/errors.js';
import { currentSession, verifiedRoute } from '../../../http/guards.js';
import { parse } from '../../../http/parse.js';
import { type SyncAdapters, SyncService } from './service.js';

const Area = z.string().refine(isSyncArea, SyncMsg.AREA_INVALID);
const Pull = z.object({
  area: Area,
  anchor: z.string().max(100, SyncMsg.ANCHOR_INVALID).optional(),
  cursor: z.string().max(100, SyncMsg.ANCHOR_INVALID).optional(),
  limit: z.number().int().min(1).max(SYNC_PULL_PAGE_MAX).default(SYNC_PULL_PAGE),
});
const Push = z.object({
  area: Area,
  batch_id: z
    .string()
    .min(SYNC_BATCH_ID_MIN, SyncMsg.BATCH_ID_INVALID)
    .max(SYNC_BATCH_ID_MAX, SyncMsg.BATCH_ID_INVALID)
    .regex(/^[A-Za-z0-9_-]+$/, SyncMsg.BATCH_ID_INVALID),
  changes: z.array(z.unknown()).min(1, SyncMsg.CHANGE_INVALID).max(SYNC_BATCH_MAX, SyncMsg.BATCH_TOO_LARGE),
  pending_deletes: z
    .number()
    .int()
    .min(0, SyncMsg.CHANGE_INVALID)
    .max(10_000_000, SyncMsg.CHANGE_INVALID)
    .optional(),
});
const HeldQuery = z.object({ area: Area });
const HeldId = z.object({ held_id: z.string().min(1).max(64) });

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
export async function syncRoutes(app: FastifyInstance, deps: AppDeps, adapters: SyncAdapters) {
  const sync = new SyncService(deps, adapters);
  const phone = (req: FastifyRequest) => callerOf(req, 'device');
  const device = accepts('device');

  app.post(SyncApi.pull, device, async (req) => {
    const d = phone(req);
    const body = parse(Pull, req.body);
    return ok(await sync.pull(d, { ...body, area: body.area as SyncArea }));
  });
  app.post(SyncApi.push, { ...device, bodyLimit: SYNC_PUSH_BODY_MAX }, async (req) => {
    const d = phone(req);
    const body = parse(Push, req.body);
    const area = body.area as SyncArea;
    const changes = checkChanges(sync, area, body.changes);
    return ok(
      await sync.push(d, { area, batch_id: body.batch_id, changes, pending_deletes: body.pending_deletes }),
    );
  });

  const guard = verifiedRoute(deps, 'main');
  const uid = (req: FastifyRequest) => currentSession(req).userId;
  app.get(SyncPortalApi.heldList, guard, async (req) => {
    const { area } = parse(HeldQuery, req.query);
    return ok(await sync.heldList(uid(req), area as SyncArea));
  });
  app.post(SyncPortalApi.heldApply, guard, async (req) =>
    ok(await sync.applyHeld(uid(req), parse(HeldId, req.body).held_id)),
  );
  app.post(SyncPortalApi.heldRefuse, guard, async (req) =>
    ok(await sync.refuseHeld(uid(req), parse(HeldId, req.body).held_id)),
  );
}
