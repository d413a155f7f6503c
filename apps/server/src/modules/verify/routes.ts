import { Api, type VerifyScope } from '@phonecloud/shared';
import { VerifyCheckBody, VerifyDrawBody, VerifySendBody } from '@phonecloud/shared/api';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { currentSession, sessionRoute } from '../../http/guards.js';
import type { ZodSchemas } from '../../http/route-schemas.js';
import { sendCaptcha } from '../captcha/index.js';
import { captchaOwner, VerifyService } from './service.js';

export async function verifyRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<ZodSchemas>();
  const service = new VerifyService(deps);
  const scopes: Array<{ scope: VerifyScope; info: string; send: string; check: string }> = [
    { scope: 'main', info: Api.verifyInfo, send: Api.verifySendTicket, check: Api.verifyCheckTicket },
    {
      scope: 'finder',
      info: Api.finderVerifyInfo,
      send: Api.finderSendTicket,
      check: Api.finderCheckTicket,
    },
  ];
  const opts = sessionRoute;

  for (const s of scopes) {
    app.get(s.info, opts, async (req) => ok(await service.info(currentSession(req))));
    app.post(s.send, { ...opts, schema: { body: VerifySendBody } }, async (req) => {
      const origin = { ip: req.ip, log: req.log };
      await service.sendTicket(currentSession(req), s.scope, req.body.verify_type, origin);
      return ok();
    });
    app.post(s.check, { ...opts, schema: { body: VerifyCheckBody } }, async (req) => {
      await service.checkTicket(currentSession(req), s.scope, req.body.verify_type, req.body.ticket);
      return ok();
    });
  }

  // One captcha serves both scopes: the spec's find-my-phone gate uses these same calls.
  app.get(Api.verifyDraw, opts, async (req, reply) =>
    sendCaptcha(reply, await service.captcha.draw(captchaOwner(currentSession(req)), 'verify')),
  );
  app.post(Api.verifyCheckDraw, { ...opts, schema: { body: VerifyDrawBody } }, async (req) => {
    const owner = captchaOwner(currentSession(req));
    return ok({ success: await service.captcha.check(owner, 'verify', req.body.captcha) });
  });
}
