import { DeviceApi } from '@phonecloud/shared';
import {
  DeviceAckBody,
  DeviceCommandResultBody,
  DeviceLocationBody,
  DevicePollBody,
  DeviceSigninFinishBody,
  DeviceSigninStartBody,
} from '@phonecloud/shared/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accepts, callerOf } from '../../http/caller.js';
import type { AppDeps } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import type { ZodSchemas } from '../../http/route-schemas.js';
import { lifecycle } from '../../lib/lifecycle.js';
import { devicePollsOpen } from '../../lib/metrics.js';
import { DeviceService } from './service.js';
import { wakeupFor } from './wakeup.js';

/**
 * The device API: JSON under its own prefix, for device callers alone (the browser's session
 * cookie is never read here, and the token opens nothing else), so no CSRF token either.
 */
export async function deviceRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<ZodSchemas>();
  const wakeup = wakeupFor(deps.db, app.log);
  await wakeup.start();
  // Held polls answer at once when a drain begins (the phone polls again, elsewhere), and
  // before the server waits for open requests to end.
  const offDrain = lifecycle.onDrain(
    () => void wakeup.close().catch((err: unknown) => app.log.warn({ err }, 'closing the wake-up')),
  );
  app.addHook('preClose', async () => {
    offDrain();
    await wakeup.close();
  });
  const service = new DeviceService(deps, wakeup);
  // Signing in is what a phone does before it has a token.
  const open = accepts('anonymous');
  const authed = accepts('device');
  const dev = (req: FastifyRequest) => callerOf(req, 'device');

  app.post(DeviceApi.signinStart, { ...open, schema: { body: DeviceSigninStartBody } }, async (req) =>
    ok(await service.signinStart(req.body.account, req.body.password, { ip: req.ip, log: req.log })),
  );
  app.post(DeviceApi.signinFinish, { ...open, schema: { body: DeviceSigninFinishBody } }, async (req) =>
    ok(await service.signinFinish(req.body)),
  );
  app.post(DeviceApi.heartbeat, authed, async (req) => ok(await service.heartbeat(dev(req))));
  app.post(DeviceApi.location, { ...authed, schema: { body: DeviceLocationBody } }, async (req) => {
    await service.location(dev(req), req.body);
    return ok({});
  });
  app.post(DeviceApi.commandsPoll, { ...authed, schema: { body: DevicePollBody } }, async (req, reply) => {
    // The phone hanging up ends its wait (the response closing before it was sent). Not after it
    // was sent: an abort makes a DOMException with its stack, on every one of 10,000 polls.
    const gone = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    devicePollsOpen.inc();
    try {
      return ok({ commands: await service.poll(dev(req), req.body.wait_ms, gone.signal) });
    } finally {
      devicePollsOpen.dec();
    }
  });
  app.post(DeviceApi.commandAck, { ...authed, schema: { body: DeviceAckBody } }, async (req) => {
    await service.ack(dev(req), req.body.command_id);
    return ok({});
  });
  app.post(DeviceApi.commandResult, { ...authed, schema: { body: DeviceCommandResultBody } }, async (req) => {
    await service.result(dev(req), req.body.command_id, req.body.success, req.body.error);
    return ok({});
  });
  app.post(DeviceApi.signout, authed, async (req) => {
    await service.signout(dev(req));
    return ok({});
  });
}
