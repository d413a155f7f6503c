import { Code, CSRF_COOKIE, CSRF_HEADER } from '@phonecloud/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hmacHex, randomToken, safeEqual } from '../lib/crypto.js';
import type { AppDeps } from './context.js';
import { AppError } from './errors.js';
import { cookieOptions } from './session.js';

/**
 * Signed double-submit token: readable cookie + header, signed with the server secret and bound
 * to the current session, so nothing is stored for anonymous visitors and a token from before
 * sign-in is worthless after it.
 */
function sign(secret: string, nonce: string, sessionId: string | undefined) {
  return hmacHex(secret, `csrf:${nonce}:${sessionId ?? 'anon'}`).slice(0, 32);
}
function isValid(secret: string, token: string | undefined, sessionId: string | undefined) {
  if (!token) return false;
  const [nonce, mac] = token.split('.');
  return Boolean(nonce && mac && safeEqual(mac, sign(secret, nonce, sessionId)));
}

/** Gives the browser a token bound to the session the response leaves it with. */
export function issueCsrfToken(deps: AppDeps, req: FastifyRequest, reply: FastifyReply) {
  const nonce = randomToken(16);
  const token = `${nonce}.${sign(deps.config.sessionSecret, nonce, req.session?.id)}`;
  reply.setCookie(CSRF_COOKIE, token, cookieOptions(req, false));
}

function originOf(req: FastifyRequest): string | undefined {
  const origin = req.headers.origin;
  if (origin && origin !== 'null') return origin;
  const referer = req.headers.referer;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

function allowedOrigins(deps: AppDeps, req: FastifyRequest): string[] {
  const own = `${req.protocol}://${req.host}`;
  return deps.config.publicUrl ? [own, new URL(deps.config.publicUrl).origin] : [own];
}

/**
 * The check of a state-changing call that a cookie could ride on: an Origin (or Referer) of this
 * site and the signed token in both cookie and header. The caller plugin runs it on routes that
 * accept a cookie credential (caller.ts).
 */
export function checkCsrf(deps: AppDeps, req: FastifyRequest): void {
  const origin = originOf(req);
  const header = req.headers[CSRF_HEADER];
  const cookie = req.cookies[CSRF_COOKIE];
  const tokenOk =
    typeof header === 'string' &&
    header === cookie &&
    isValid(deps.config.sessionSecret, header, req.session?.id);
  if (!origin || !allowedOrigins(deps, req).includes(origin) || !tokenOk) {
    throw new AppError(Code.CSRF);
  }
}

/**
 * Keeps the browser's token bound to the session each response leaves it with. A caller that
 * signs each request with an Authorization header and sends no cookie (a phone's token, a DAV
 * client's app password) reads none either: it gets no token (a random nonce and an HMAC on every
 * one of a swarm of phones' polls, for nothing).
 */
export const csrfPlugin = fp(async (app: FastifyInstance, deps: AppDeps) => {
  const secret = deps.config.sessionSecret;
  app.addHook('onSend', async (req, reply) => {
    if (req.headers.authorization && !req.headers.cookie) return;
    if (reply.getHeader('set-cookie')?.toString().includes(`${CSRF_COOKIE}=`)) return;
    if (!isValid(secret, req.cookies[CSRF_COOKIE], req.session?.id)) issueCsrfToken(deps, req, reply);
  });
});
