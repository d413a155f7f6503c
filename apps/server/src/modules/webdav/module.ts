import type { AppModule } from '../../platform/app-module.js';
import { LocksRepo } from './locks.js';
import { webdavRoutes } from './routes.js';

/**
 * The drive over WebDAV (RFC 4918 classes 1 and 2, RFC 4331 quota) at WEBDAV_DRIVE_PATH, for
 * rclone, file managers and phone file apps; authenticated by app passwords only. Its data is
 * the drive's; it adds dead properties and locks (migration 018). See docs/webdav.md.
 */
export const webdavModule: AppModule = {
  name: 'webdav',
  routes: webdavRoutes,
  // Locks nobody refreshed in time.
  housekeeping: (deps) => new LocksRepo(deps.db).purgeExpired(deps.clock.now()),
};
