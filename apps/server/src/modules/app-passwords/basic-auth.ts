import { AppPasswordMsg, DAV_REALM } from '@phonecloud/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../http/context.js';
import { AppPasswordsService } from './service.js';

/** Who a DAV request speaks for: the account and the app password it came with. */
export type DavPrincipal = { userId: number; username: string; appPasswordId: number };

export const DAV_CHALLENGE = `Basic realm="${DAV_REALM}", charset="UTF-8"`;

/** User name and password of an `Authorization: Basic` header (UTF-8), or null. */
export function parseBasic(header: string | undefined): { login: string; password: string } | null {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function refuse(reply: FastifyReply): null {
  void reply
    .code(401)
    .header('www-authenticate', DAV_CHALLENGE)
    .type('text/plain; charset=utf-8')
    .send(AppPasswordMsg.DAV_UNAUTHORIZED);
  return null;
}

/**
 * Reads `Authorization: Basic` (username = the account's login name or bound phone/e-mail as the
 * login accepts; password = an app password). Answers the principal, or sends 401 with
 * `WWW-Authenticate: Basic realm="PhoneCloud", charset="UTF-8"` (and 429/Retry-After when
 * throttled) and answers null. Rate-limited like the login (the login's limiter and limits, per
 * address and per address+account), records last use.
 *
 * The browser's session cookie is never looked at, and an app password is accepted nowhere else:
 * a DAV route calls this first and, on null, returns the reply as it is. DAV routes are not
 * browser calls: register them with `config: { csrf: false }`.
 */
export async function requireAppPassword(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
): Promise<DavPrincipal | null> {
  const basic = parseBasic(req.headers.authorization);
  if (!basic) return refuse(reply);
  const result = await new AppPasswordsService(deps).check(
    basic.login,
    basic.password,
    req.ip,
    req.headers['user-agent'] ?? '',
  );
  if (result.ok) return result.identity;
  if (result.throttled) {
    void reply
      .code(429)
      .header('retry-after', String(result.retryAfterSeconds))
      .type('text/plain; charset=utf-8')
      .send(AppPasswordMsg.DAV_THROTTLED);
    return null;
  }
  return refuse(reply);
}
