import {
  DEVICE_FIELD_MAX,
  DEVICE_PLACE_MAX,
  DEVICE_POLL_HOLD_MS,
  DeviceApi,
  FIND_FUNCTIONS,
  type FindFunctionValue,
  FindMsg,
} from '@phonecloud/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accepts, callerOf } from '../../http/caller.js';
import type { AppDeps } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/parse.js';
import { runDemoPhone } from './demo.js';
import { DeviceService } from './service.js';
import { wakeupFor } from './wakeup.js';

const SigninStart = z.object({ account: z.string().min(1).max(100), password: z.string().min(1).max(200) });
const field = z
  .string()
  .trim()
  .min(1, FindMsg.DEVICE_INFO_INVALID)
  .max(DEVICE_FIELD_MAX, FindMsg.DEVICE_INFO_INVALID);
const SigninFinish = z.object({
  challenge: z.string().max(200),
  code: z.string().max(20),
  device_id: field,
  brand: field,
  model: field,
  functions: z
    .array(z.number().int())
    .max(10)
    .transform((list) =>
      list.filter((f): f is FindFunctionValue => (FIND_FUNCTIONS as readonly number[]).includes(f)),
    ),
});
const Location = z.object({
  longitude: z.number().min(-180, FindMsg.LOCATION_INVALID).max(180, FindMsg.LOCATION_INVALID),
  latitude: z.number().min(-90, FindMsg.LOCATION_INVALID).max(90, FindMsg.LOCATION_INVALID),
  accuracy: z.number().min(0, FindMsg.LOCATION_INVALID).max(1e7, FindMsg.LOCATION_INVALID),
  locate_time: z.number().int().min(0, FindMsg.LOCATION_INVALID),
  location: z.string().max(DEVICE_PLACE_MAX).default(''),
  command_id: z.string().max(64).optional(),
});
const Poll = z.object({
  wait_ms: z.number().int().min(0).max(DEVICE_POLL_HOLD_MS).default(DEVICE_POLL_HOLD_MS),
});
const Ack = z.object({ command_id: z.string().min(1).max(64) });
const Result = z.object({
  command_id: z.string().min(1).max(64),
  success: z.boolean(),
  error: z.string().max(200).optional(),
});

/**
 * The device API: JSON under its own prefix, for device callers alone (the browser's session
 * cookie is never read here, and the token opens nothing else), so no CSRF token either.
 */
export async function deviceRoutes(app: FastifyInstance, deps: AppDeps) {
  const wakeup = wakeupFor(deps.db, app.log);
  await wakeup.start();
  // Before the server waits for open requests to end: held polls answer at once.
  app.addHook('preClose', async () => wakeup.close());
  const service = new DeviceService(deps, wakeup);
  runDemoPhone(app, deps);
  // Signing in is what a phone does before it has a token.
  const open = accepts('anonymous');
  const authed = accepts('device');
  const dev = (req: FastifyRequest) => callerOf(req, 'device');

  app.post(DeviceApi.signinStart, open, async (req) => {
    const body = parse(SigninStart, req.body);
    return ok(await service.signinStart(body.account, body.password, { ip: req.ip, log: req.log }));
  });
  app.post(DeviceApi.signinFinish, open, async (req) =>
    ok(await service.signinFinish(parse(SigninFinish, req.body))),
  );
  app.post(DeviceApi.heartbeat, authed, async (req) => ok(await service.heartbeat(dev(req))));
  app.post(DeviceApi.location, authed, async (req) => {
    await service.location(dev(req), parse(Location, req.body));
    return ok({});
  });
  app.post(DeviceApi.commandsPoll, authed, async (req, reply) => {
    const { wait_ms } = parse(Poll, req.body);
    // The phone hanging up ends its wait (the response closing before it was sent).
    const gone = new AbortController();
    reply.raw.once('close', () => gone.abort());
    return ok({ commands: await service.poll(dev(req), wait_ms, gone.signal) });
  });
  app.post(DeviceApi.commandAck, authed, async (req) => {
    await service.ack(dev(req), parse(Ack, req.body).command_id);
    return ok({});
  });
  app.post(DeviceApi.commandResult, authed, async (req) => {
    const body = parse(Result, req.body);
    await service.result(dev(req), body.command_id, body.success, body.error);
    return ok({});
  });
  app.post(DeviceApi.signout, authed, async (req) => {
    await service.signout(dev(req));
    return ok({});
  });
}
