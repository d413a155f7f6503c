import { Code, type VerifyScope } from '@phonecloud/shared';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { accepts } from './caller.js';
import type { AppDeps, SessionInfo } from './context.js';
import { AppError } from './errors.js';

/** The signed-in session calling, or 2002. */
export function currentSession(req: FastifyRequest): SessionInfo {
  if (req.caller?.kind !== 'session') throw new AppError(Code.NOT_LOGGED_IN);
  return req.caller.session;
}

export function verifiedAt(session: SessionInfo, scope: VerifyScope): number | null {
  return scope === 'finder' ? session.verifiedFinderAt : session.verifiedMainAt;
}

/** 6001 unless the session passed the scope's second verification within its time. */
export function checkVerified(deps: AppDeps, session: SessionInfo, scope: VerifyScope): void {
  const at = verifiedAt(session, scope);
  if (at === null || deps.clock.now() - at > deps.config.verifyTtlMinutes * 60_000) {
    throw new AppError(Code.VERIFY_REQUIRED);
  }
}

/** preHandler for every call of a gated area: 2002 without a session, 6001 without a fresh check. */
export function requireVerified(deps: AppDeps, scope: VerifyScope): preHandlerAsyncHookHandler {
  return async (req) => checkVerified(deps, currentSession(req), scope);
}

/** Route options of a portal call for the signed-in: the cookie session (2002), CSRF checked. */
export const sessionRoute = accepts('session');

/** Route options of a gated portal call: the cookie session (2002) and a fresh verification (6001). */
export function verifiedRoute(deps: AppDeps, scope: VerifyScope) {
  return { ...accepts('session'), preHandler: requireVerified(deps, scope) };
}
