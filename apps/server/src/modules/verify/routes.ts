import { Api, Msg, type VerifyScope, VerifyType } from '@phonecloud/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { currentSession, sessionRoute } from '../../http/guards.js';
import { parse } from '../../http/parse.js';
import { sendSvg } from '../captcha/index.js';
import { captchaOwner, VerifyService } from './service.js';

const VERIFY_TYPES: readonly number[] = Object.values(VerifyType);
const VerifyTypeField = z.coerce
  .number({ message: Msg.CHANNEL_NOT_BOUND })
  .refine((v) => VERIFY_TYPES.includes(v), Msg.CHANNEL_NOT_BOUND);
const SendBody = z.object({ verify_type: VerifyTypeField });
const CheckBody = z.object({
  verify_type: VerifyTypeField,
  ticket: z.string({ message: Msg.CODE_EMPTY }).trim().min(1, Msg.CODE_EMPTY),
});
const DrawBody = z.object({
  captcha: z.string({ message: Msg.CAPTCHA_EMPTY }).trim().min(1, Msg.CAPTCHA_EMPTY),
});

export async function verifyRoutes(app: FastifyInstance, deps: AppDeps) {
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
    app.post(s.send, opts, async (req) => {
      const body = parse(SendBody, req.body);
      await service.sendTicket(currentSession(req), s.scope, body.verify_type, { ip: req.ip, log: req.log });
      return ok();
    });
    app.post(s.check, opts, async (req) => {
      const body = parse(CheckBody, req.body);
      await service.checkTicket(currentSession(req), s.scope, body.verify_type, body.ticket);
      return ok();
    });
  }

  // One captcha serves both scopes: the spec's find-my-phone gate uses these same calls.
  app.get(Api.verifyDraw, opts, async (req, reply) =>
    sendSvg(reply, await service.captcha.draw(captchaOwner(currentSession(req)), 'verify')),
  );
  app.post(Api.verifyCheckDraw, opts, async (req) => {
    const body = parse(DrawBody, req.body);
    const owner = captchaOwner(currentSession(req));
    return ok({ success: await service.captcha.check(owner, 'verify', body.captcha) });
  });
}
