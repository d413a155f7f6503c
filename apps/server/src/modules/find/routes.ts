import {
  CommandOption,
  decodeWipePassword,
  FindApi,
  FindMsg,
  LOCK_INFO_MAX,
  Msg,
  normalizeRingCode,
  RING_CODE_LENGTH,
} from '@phonecloud/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { invalid } from '../../http/errors.js';
import { currentSession, verifiedRoute } from '../../http/guards.js';
import { parse } from '../../http/parse.js';
import { phonesFor } from '../device/index.js';
import { FindService, type Origin } from './service.js';

const deviceId = z.string({ message: FindMsg.DEVICE_NOT_FOUND }).min(1, FindMsg.DEVICE_NOT_FOUND).max(64);
const Device = z.object({ device_id: deviceId });
const option = z.coerce
  .number()
  .int()
  .refine((v) => v === CommandOption.START || v === CommandOption.STOP, Msg.REQUEST_INVALID)
  .transform((v) => (v === CommandOption.START ? 1 : 0) as 0 | 1);
const Lock = z.object({
  device_id: deviceId,
  command_option: option,
  // Spec: longer than 200 is truncated, not refused.
  lock_info: z
    .string()
    .default('')
    .transform((s) => s.trim().slice(0, LOCK_INFO_MAX)),
});
const Ring = z.object({ device_id: deviceId, command_option: option, password: z.string().default('') });
const Command = z.object({ command_id: z.string().min(1, FindMsg.COMMAND_NOT_FOUND).max(64) });
const Wipe = z.object({
  device_id: deviceId,
  user_name: z.string({ message: FindMsg.WIPE_ACCOUNT_EMPTY }).trim().min(1, FindMsg.WIPE_ACCOUNT_EMPTY),
  pwd: z.string({ message: FindMsg.WIPE_PASSWORD_EMPTY }).min(1, FindMsg.WIPE_PASSWORD_EMPTY),
});
const History = z.object({ device_id: z.string().max(64).optional() });

/** Find-my-phone's portal calls (spec 001 §7), all behind the finder scope's verification. */
export async function findRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = new FindService(deps, phonesFor(deps.db, app.log));
  const opts = verifiedRoute(deps, 'finder');
  const uid = (req: FastifyRequest) => currentSession(req).userId;
  const origin = (req: FastifyRequest): Origin => ({
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? '',
    log: req.log,
  });

  app.get(FindApi.list, opts, async (req) => ok(await service.list(uid(req))));
  app.post(FindApi.del, opts, async (req) => {
    await service.remove(uid(req), parse(Device, req.body).device_id);
    return ok();
  });
  app.post(FindApi.locate, opts, async (req) =>
    ok(await service.locate(uid(req), parse(Device, req.body).device_id, origin(req))),
  );
  app.post(FindApi.phoneLocation, opts, async (req) =>
    ok(await service.phoneLocation(uid(req), parse(Device, req.body).device_id)),
  );
  app.post(FindApi.lock, opts, async (req) => {
    const body = parse(Lock, req.body);
    if (body.command_option === 1 && !body.lock_info) throw invalid(FindMsg.LOCK_INFO_EMPTY);
    const id = await service.lock(uid(req), body.device_id, body.command_option, body.lock_info, origin(req));
    return ok({ command_id: id });
  });
  app.post(FindApi.isLocked, opts, async (req) =>
    ok(await service.isLocked(uid(req), parse(Device, req.body).device_id)),
  );
  app.post(FindApi.ring, opts, async (req) => {
    const body = parse(Ring, req.body);
    const code = normalizeRingCode(body.password);
    if (body.command_option === 1 && code.length !== RING_CODE_LENGTH)
      throw invalid(FindMsg.RING_CODE_INVALID);
    const id = await service.ring(uid(req), body.device_id, body.command_option, code, origin(req));
    return ok({ command_id: id });
  });
  app.post(FindApi.commandResult, opts, async (req) =>
    ok(await service.commandResult(uid(req), parse(Command, req.body).command_id)),
  );
  app.post(FindApi.wipe, opts, async (req) => {
    const body = parse(Wipe, req.body);
    // Not an encoding, or longer than the dialog allows: a wrong password, counted as one.
    const password = decodeWipePassword(body.pwd) ?? '';
    const id = await service.wipe(uid(req), body.device_id, body.user_name, password, origin(req));
    return ok({ command_id: id });
  });
  app.post(FindApi.opList, opts, async (req) =>
    ok(await service.history(uid(req), parse(History, req.body).device_id)),
  );
}
