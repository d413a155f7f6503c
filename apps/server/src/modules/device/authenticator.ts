import { Code, FindMsg } from '@phonecloud/shared';
import type { Authenticator } from '../../http/caller.js';
import type { AppDeps } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { bearerToken } from '../../lib/credentials/authorization.js';
import { DevicesRepo } from './repo.js';
import { hashDeviceToken } from './service.js';

/**
 * A phone: `Authorization: Bearer <device token>` of the device API (find-my-phone and sync).
 * A revoked, deleted or never issued token is 2002 with its own text; the token opens nothing else.
 * @package
 */
export function deviceAuthenticator(deps: AppDeps): Authenticator<'device'> {
  const repo = new DevicesRepo(deps.db);
  return {
    kind: 'device',
    async resolve(req) {
      const token = bearerToken(req.headers.authorization);
      const row = token ? await repo.byTokenHash(hashDeviceToken(token)) : undefined;
      return row ? { kind: 'device', userId: row.user_id, deviceId: row.device_id } : null;
    },
    refuse() {
      throw new AppError(Code.NOT_LOGGED_IN, FindMsg.DEVICE_TOKEN_INVALID);
    },
  };
}
