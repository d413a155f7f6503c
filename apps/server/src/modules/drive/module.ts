import { ServiceId } from '@phonecloud/shared';
import type { AppModule } from '../../platform/app-module.js';
import { driveAuthenticators } from './access/auth.js';
import { tokenRoutes } from './access/token-routes.js';
import { downloadRoutes } from './download/download-routes.js';
import { v1Routes } from './faces/v1-routes.js';
import { v2Routes } from './faces/v2-routes.js';
import { findV1Routes } from './find/find-routes.js';
import { driveHousekeeping } from './housekeeping.js';
import { previewRoutes } from './preview/routes.js';
import { releaseThumbs, thumbsHousekeeping } from './preview/thumbs.js';
import { releaseDriveUser } from './release-user.js';
import { seedDrive } from './seed.js';
import { DriveService } from './service.js';
import { driveTakeout } from './takeout.js';
import { QuickUpload } from './upload/quick.js';
import { uploadHostRoutes } from './upload/upload-host.js';
import { Uploads } from './upload/uploads.js';

/** The cloud drive: one drive per user behind two API faces (v2 JSON, v1 .json) and the upload host. */
export const driveModule: AppModule = {
  name: 'drive',
  serviceId: ServiceId.DRIVE,
  async routes(app, deps) {
    const drive = new DriveService(deps);
    const uploads = new Uploads(drive);
    await app.register(tokenRoutes(deps));
    await app.register(v2Routes(drive, uploads));
    await app.register(v1Routes(drive));
    await app.register(findV1Routes(drive));
    await app.register(uploadHostRoutes(uploads, new QuickUpload(drive, uploads)));
    await app.register(downloadRoutes(drive));
    await app.register(previewRoutes(drive));
  },
  authenticators: (deps) => driveAuthenticators(deps, new DriveService(deps)),
  async usage(deps, userId) {
    // Recycle-bin items count until they are purged.
    const q = await new DriveService(deps).quota.usage(userId);
    return { kind: 'drive', bytes: q.used };
  },
  async housekeeping(deps) {
    await driveHousekeeping(deps);
    // Thumbnails of contents no item holds any more (purged, or deleted from the bin).
    await thumbsHousekeeping(deps);
  },
  async releaseUser(deps, userId, now) {
    await releaseDriveUser(deps, userId, now);
    await releaseThumbs(deps, userId, now);
  },
  seedDemo: seedDrive,
  takeout: driveTakeout,
};
