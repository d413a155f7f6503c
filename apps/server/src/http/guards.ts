import { Code, type VerifyScope } from '@phonecloud/shared';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppDeps, SessionInfo } from './context.js';
import { AppError } from './errors.js';

/** The signed-in session, or 2002. */
export function currentSession(req: FastifyRequest): SessionInfo {
  if (!req.session) throw new AppError(Code.NOT_LOGGED_IN);
  return req.session;
}

export function verifiedAt(session: SessionInfo, scope: VerifyScope): number | null {
  return scope === 'finder' ? session.verifiedFinderAt : session.verifiedMainAt;
}

/** preHandler for every call of a gated area: 2002 without a session, 6001 without a fresh check. */
export function requireVerified(deps: AppDeps, scope: VerifyScope): preHandlerAsyncHookHandler {
  const ttlMs = deps.config.verifyTtlMinutes * 60_000;
  return async (req) => {
    const session = currentSession(req);
    const at = verifiedAt(session, scope);
    if (at === null || deps.clock.now() - at > ttlMs) throw new AppError(Code.VERIFY_REQUIRED);
  };
}

export const requireUser: preHandlerAsyncHookHandler = async (req) => {
  currentSession(req);
};
