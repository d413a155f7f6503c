import { Api, Msg } from '@phonecloud/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accepts } from '../../http/caller.js';
import type { AppDeps } from '../../http/context.js';
import { issueCsrfToken } from '../../http/csrf.js';
import { ok } from '../../http/envelope.js';
import { invalid } from '../../http/errors.js';
import { currentSession, sessionRoute } from '../../http/guards.js';
import { parse } from '../../http/parse.js';
import { cookieOptions, endSession, startSession } from '../../http/session.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { sendCaptcha } from '../captcha/index.js';
import { totpRoutes } from '../totp/index.js';
import { PasswordResetService } from './reset.js';
import { AccountService } from './service.js';
import { SessionsService } from './sessions.js';

const ANON_COOKIE = 'pc_aid';

const text = (message: string) => z.string({ message }).trim().min(1, message);
const Kind = z.enum(['phone', 'email'], { message: Msg.PHONE_INVALID });
const LoginBody = z.object({
  account: text(Msg.ACCOUNT_EMPTY),
  password: z.string({ message: Msg.PASSWORD_EMPTY }).min(1, Msg.PASSWORD_EMPTY),
});
const DrawBody = z.object({ captcha: text(Msg.CAPTCHA_EMPTY) });
const SendCodeBody = z.object({
  purpose: z.enum(['register', 'bind']),
  type: Kind,
  target: text(Msg.PHONE_INVALID),
});
const RegisterBody = z.object({
  username: text(Msg.USERNAME_INVALID),
  password: z.string({ message: Msg.PASSWORD_INVALID }),
  type: Kind,
  target: text(Msg.PHONE_INVALID),
  code: text(Msg.CODE_EMPTY),
});
const BindBody = z.object({ type: Kind, target: text(Msg.PHONE_INVALID), code: text(Msg.CODE_EMPTY) });
const PasswordBody = z.object({
  old_password: z.string({ message: Msg.PASSWORD_EMPTY }).min(1, Msg.PASSWORD_EMPTY),
  password: z.string({ message: Msg.PASSWORD_INVALID }),
});
const ResetCodeBody = z.object({ account: text(Msg.ACCOUNT_EMPTY), type: Kind });
const ResetBody = z.object({
  account: text(Msg.ACCOUNT_EMPTY),
  type: Kind,
  code: text(Msg.CODE_EMPTY),
  password: z.string({ message: Msg.PASSWORD_INVALID }),
});
const SessionEndBody = z.object({ id: z.string({ message: Msg.SESSION_GONE }) });

/**
 * Who owns a captcha on the account pages: the session when signed in, otherwise an anonymous
 * visitor id kept in an HttpOnly cookie (created on the first image).
 */
function accountCaptchaOwner(req: FastifyRequest, reply: FastifyReply, create: boolean): string {
  if (req.caller.kind === 'session') return `sid:${req.caller.session.id}`;
  let anon = req.cookies[ANON_COOKIE];
  if (!anon && create) {
    anon = randomToken(24);
    reply.setCookie(ANON_COOKIE, anon, cookieOptions(req, true));
  }
  return `aid:${sha256Hex(anon ?? 'none')}`;
}

export async function accountRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = new AccountService(deps);
  registerSignInRoutes(app, deps, service);
  registerResetRoutes(app, deps);
  registerProfileRoutes(app, service);
  registerSessionRoutes(app, deps);
  // The authenticator (TOTP) of the account centre.
  await totpRoutes(app, deps);
}

function registerSignInRoutes(app: FastifyInstance, deps: AppDeps, service: AccountService): void {
  // Signing in, signing up and their captcha: anyone, or a signed-in browser (whose session a
  // sign-in replaces and whose captcha it is); a browser call, so CSRF is checked.
  const browser = accepts('session', 'anonymous');

  app.post(Api.accountLogin, browser, async (req, reply) => {
    const body = parse(LoginBody, req.body);
    const user = await service.login(
      body.account,
      body.password,
      req.ip,
      accountCaptchaOwner(req, reply, false),
    );
    await endSession(deps, req, reply);
    await startSession(deps, req, reply, user.id);
    issueCsrfToken(deps, req, reply);
    return ok({ username: user.username });
  });

  app.get(Api.accountLogout, browser, async (req, reply) => {
    await endSession(deps, req, reply);
    issueCsrfToken(deps, req, reply);
    return ok();
  });

  app.get(Api.accountDraw, browser, async (req, reply) =>
    sendCaptcha(reply, await service.captcha.draw(accountCaptchaOwner(req, reply, true), 'account')),
  );
  app.post(Api.accountCheckDraw, browser, async (req, reply) => {
    const body = parse(DrawBody, req.body);
    const owner = accountCaptchaOwner(req, reply, false);
    return ok({ success: await service.captcha.check(owner, 'account', body.captcha) });
  });

  app.post(Api.accountSendCode, browser, async (req, reply) => {
    const body = parse(SendCodeBody, req.body);
    const session = body.purpose === 'bind' ? currentSession(req) : undefined;
    await service.sendCode({
      captchaOwner: accountCaptchaOwner(req, reply, false),
      purpose: body.purpose,
      kind: body.type,
      target: body.target,
      userId: session?.userId,
      sessionId: session?.id,
      origin: { ip: req.ip, log: req.log },
    });
    return ok();
  });

  app.post(Api.accountRegister, browser, async (req, reply) => {
    const body = parse(RegisterBody, req.body);
    const userId = await service.register({ ...body, kind: body.type });
    await endSession(deps, req, reply);
    await startSession(deps, req, reply, userId);
    issueCsrfToken(deps, req, reply);
    return ok({ username: body.username });
  });
}

/** 忘记密码: anyone (a signed-in browser too, whose session the reset ends like every other). */
function registerResetRoutes(app: FastifyInstance, deps: AppDeps): void {
  const browser = accepts('session', 'anonymous');
  const reset = new PasswordResetService(deps);
  app.post(Api.accountResetCode, browser, async (req, reply) => {
    const body = parse(ResetCodeBody, req.body);
    await reset.requestCode({
      account: body.account,
      kind: body.type,
      captchaOwner: accountCaptchaOwner(req, reply, false),
      origin: { ip: req.ip, log: req.log },
    });
    return ok();
  });
  app.post(Api.accountResetPassword, browser, async (req, reply) => {
    const body = parse(ResetBody, req.body);
    await reset.reset({
      account: body.account,
      kind: body.type,
      code: body.code,
      password: body.password,
      ip: req.ip,
      captchaOwner: accountCaptchaOwner(req, reply, false),
    });
    await endSession(deps, req, reply);
    issueCsrfToken(deps, req, reply);
    return ok();
  });
}

function registerProfileRoutes(app: FastifyInstance, service: AccountService): void {
  app.get(Api.accountProfile, sessionRoute, async (req) => {
    const user = await service.users.byId(currentSession(req).userId);
    return ok({ username: user?.username ?? '', phone: user?.phone ?? '', email: user?.email ?? '' });
  });

  app.post(Api.accountBind, sessionRoute, async (req) => {
    const body = parse(BindBody, req.body);
    const session = currentSession(req);
    await service.bind(session.userId, session.id, body.type, body.target, body.code);
    return ok();
  });

  app.post(Api.accountPassword, sessionRoute, async (req) => {
    const body = parse(PasswordBody, req.body);
    const session = currentSession(req);
    await service.changePassword(session.userId, body.old_password, body.password, session.id);
    return ok();
  });
}

function registerSessionRoutes(app: FastifyInstance, deps: AppDeps): void {
  // The account centre's list of signed-in sessions; ending the current one is signing out.
  const sessions = new SessionsService(deps);
  app.get(Api.accountSessions, sessionRoute, async (req) => {
    const session = currentSession(req);
    return ok({ list: await sessions.list(session.userId, session.id) });
  });
  app.post(Api.accountSessionEnd, sessionRoute, async (req, reply) => {
    const body = parse(SessionEndBody, req.body);
    const session = currentSession(req);
    const current = (await sessions.list(session.userId, session.id)).find((s) => s.current);
    if (!(await sessions.end(session.userId, body.id))) throw invalid(Msg.SESSION_GONE);
    if (current?.id === body.id) await endSession(deps, req, reply);
    return ok();
  });
  app.post(Api.accountSessionEndOthers, sessionRoute, async (req) => {
    const session = currentSession(req);
    return ok({ ended: await sessions.endOthers(session.userId, session.id) });
  });
}
