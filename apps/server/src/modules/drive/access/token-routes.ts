import { DriveApi, type DriveToken } from '@phonecloud/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/context.js';
import { ok } from '../../../http/envelope.js';
import { currentSession, verifiedRoute } from '../../../http/guards.js';
import { issueClaims, setYunCookie } from './auth.js';

/** Drive credentials, each behind the second verification (6001). */
export function tokenRoutes(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    const opts = verifiedRoute(deps, 'main');

    app.get(DriveApi.token, opts, async (req) => {
      const session = currentSession(req);
      const { token, exp } = issueClaims(deps, session, 'drive');
      const data: DriveToken = {
        access_token: token,
        token_type: 'Bearer',
        expires_in: Math.max(0, Math.floor((exp - deps.clock.now()) / 1000)),
        expire_time: exp,
        default_drive_id: String(session.userId),
      };
      return ok(data);
    });

    app.get(DriveApi.refreshYun, opts, async (req, reply) => {
      const exp = setYunCookie(deps, req, reply, currentSession(req));
      return ok({ expire_time: exp });
    });
  };
}
