import { SHARE_RECORD_RETENTION_DAYS } from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import type { AppModule } from '../../platform/app-module.js';
import { Drive } from '../drive/index.js';
import { ownerRoutes } from './owner-routes.js';
import { previewRoutes } from './preview-routes.js';
import { publicRoutes } from './public-routes.js';
import { ShareRepo } from './repo.js';
import { ShareService } from './service.js';
import { visitorAuthenticator } from './visitor.js';

const DAY_MS = 24 * 60 * 60_000;

export function shareService(deps: AppDeps): ShareService {
  return new ShareService(deps, new Drive(deps), new ShareRepo(deps.db));
}

/**
 * Share links of the drive (分享): the owner's calls in both faces' styles and the public page's
 * calls. It serves no navigation id of its own: it is part of the drive (id 14).
 */
export const shareModule: AppModule = {
  name: 'share',
  async routes(app, deps) {
    const shares = shareService(deps);
    await app.register(ownerRoutes(shares));
    await app.register(publicRoutes(shares));
    await app.register(previewRoutes(shares));
  },
  authenticators: (deps) => [visitorAuthenticator(deps)],
  /** Links cancelled or expired for 30 days leave the owner's list (their address then reads "not found"). */
  async housekeeping(deps) {
    const repo = new ShareRepo(deps.db);
    const due = await repo.ended(deps.clock.now() - SHARE_RECORD_RETENTION_DAYS * DAY_MS, 1000);
    for (const s of due) await repo.remove(s.user_id, s.public_id);
  },
};
