import { SHARE_TOKEN_HEADER, ShareCode, ShareMsg } from '@phonecloud/shared';
import type { Authenticator } from '../../http/caller.js';
import type { AppDeps } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { readShareToken, type VisitClaims } from './tokens.js';

/**
 * A visitor of a share link who gave its code: the visit token in `X-Share-Token`, a share token
 * that never opens the owner's drive. Whether it opens the link a call names is the route's
 * question (ShareService.authorize), asked after the link itself was found open.
 */
export function visitorAuthenticator(deps: AppDeps): Authenticator<'share-visitor'> {
  return {
    kind: 'share-visitor',
    async resolve(req) {
      const claims = readShareToken<VisitClaims>(
        deps.config.sessionSecret,
        'visit',
        req.headers[SHARE_TOKEN_HEADER],
        deps.clock.now(),
      );
      return claims ? { kind: 'share-visitor', shareId: claims.s, ownerId: claims.u } : null;
    },
    refuse() {
      throw new AppError(ShareCode.VISIT_EXPIRED, ShareMsg.VISIT_EXPIRED);
    },
  };
}
