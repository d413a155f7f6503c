import { AppPasswordMsg, DAV_REALM } from '@phonecloud/shared';
import type { FastifyReply } from 'fastify';
import type { Authenticator } from '../../http/caller.js';
import type { AppDeps } from '../../http/context.js';
import { basicCredentials } from '../../lib/credentials/authorization.js';
import { AppPasswordsService } from './service.js';

const DAV_CHALLENGE = `Basic realm="${DAV_REALM}", charset="UTF-8"`;

/**
 * A DAV client: `Authorization: Basic` with the account's login name (or bound phone or e-mail, as
 * the login takes them) and an app password. Refused with 401 and
 * `WWW-Authenticate: Basic realm="PhoneCloud", charset="UTF-8"`, or 429 with Retry-After while
 * the address is throttled (the login's limits, per address and per address and account). An app
 * password opens DAV routes only, and the browser's cookie is never looked at on them.
 * @package
 */
export function appPasswordAuthenticator(deps: AppDeps): Authenticator<'app-password'> {
  const service = new AppPasswordsService(deps);
  return {
    kind: 'app-password',
    async resolve(req) {
      const basic = basicCredentials(req.headers.authorization);
      if (!basic) return null;
      const result = await service.check(
        basic.login,
        basic.password,
        req.ip,
        req.headers['user-agent'] ?? '',
      );
      if (result.ok) return { kind: 'app-password', ...result.identity };
      if (!result.throttled) return null;
      return (reply: FastifyReply) =>
        reply
          .code(429)
          .header('retry-after', String(result.retryAfterSeconds))
          .type('text/plain; charset=utf-8')
          .send(AppPasswordMsg.DAV_THROTTLED);
    },
    refuse: (_req, reply) =>
      reply
        .code(401)
        .header('www-authenticate', DAV_CHALLENGE)
        .type('text/plain; charset=utf-8')
        .send(AppPasswordMsg.DAV_UNAUTHORIZED),
  };
}
