import {
  decodeWipePassword,
  FindApi,
  FindMsg,
  normalizeRingCode,
  RING_CODE_LENGTH,
} from '@phonecloud/shared';
import {
  FindCommandBody,
  FindDeviceBody,
  FindHistoryBody,
  FindLockBody,
  FindRingBody,
  FindWipeBody,
} from '@phonecloud/shared/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { invalid } from '../../http/errors.js';
import { currentSession, verifiedRoute } from '../../http/guards.js';
import type { ZodSchemas } from '../../http/route-schemas.js';
import { phonesFor } from '../device/index.js';
import { FindService, type Origin } from './service.js';

/** Find-my-phone's portal calls (spec 001 §7), all behind the finder scope's verification. */
export async function findRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<ZodSchemas>();
  const service = new FindService(deps, phonesFor(deps.db, app.log));
  const opts = verifiedRoute(deps, 'finder');
  const body = <B>(schema: B) => ({ ...opts, schema: { body: schema } });
  const uid = (req: FastifyRequest) => currentSession(req).userId;
  const origin = (req: FastifyRequest): Origin => ({
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? '',
    log: req.log,
  });

  app.get(FindApi.list, opts, async (req) => ok(await service.list(uid(req))));
  app.post(FindApi.del, body(FindDeviceBody), async (req) => {
    await service.remove(uid(req), req.body.device_id);
    return ok();
  });
  app.post(FindApi.locate, body(FindDeviceBody), async (req) =>
    ok(await service.locate(uid(req), req.body.device_id, origin(req))),
  );
  app.post(FindApi.phoneLocation, body(FindDeviceBody), async (req) =>
    ok(await service.phoneLocation(uid(req), req.body.device_id)),
  );
  app.post(FindApi.lock, body(FindLockBody), async (req) => {
    const { device_id, command_option, lock_info } = req.body;
    if (command_option === 1 && !lock_info) throw invalid(FindMsg.LOCK_INFO_EMPTY);
    const id = await service.lock(uid(req), device_id, command_option, lock_info, origin(req));
    return ok({ command_id: id });
  });
  app.post(FindApi.isLocked, body(FindDeviceBody), async (req) =>
    ok(await service.isLocked(uid(req), req.body.device_id)),
  );
  app.post(FindApi.ring, body(FindRingBody), async (req) => {
    const { device_id, command_option, password } = req.body;
    const code = normalizeRingCode(password);
    if (command_option === 1 && code.length !== RING_CODE_LENGTH) throw invalid(FindMsg.RING_CODE_INVALID);
    const id = await service.ring(uid(req), device_id, command_option, code, origin(req));
    return ok({ command_id: id });
  });
  app.post(FindApi.commandResult, body(FindCommandBody), async (req) =>
    ok(await service.commandResult(uid(req), req.body.command_id)),
  );
  app.post(FindApi.wipe, body(FindWipeBody), async (req) => {
    const { device_id, user_name, pwd } = req.body;
    // Not an encoding, or longer than the dialog allows: a wrong password, counted as one.
    const password = decodeWipePassword(pwd) ?? '';
    const id = await service.wipe(uid(req), device_id, user_name, password, origin(req));
    return ok({ command_id: id });
  });
  app.post(FindApi.opList, body(FindHistoryBody), async (req) =>
    ok(await service.history(uid(req), req.body.device_id)),
  );
}
