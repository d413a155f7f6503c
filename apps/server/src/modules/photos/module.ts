import { ServiceId } from '@phonecloud/shared';
import type { AppModule } from '../../platform/app-module.js';
import { BlobIndex } from '../../storage/blob-index.js';
import { seedPhotos } from './demo.js';
import { photoDeviceRoutes } from './device-routes.js';
import { photoFileRoutes } from './file-routes.js';
import { photoQueue } from './meta/queue.js';
import { PhotosRepo } from './repo.js';
import { photoRoutes } from './routes.js';
import { PhotosService } from './service.js';
import { photosTakeout } from './takeout.js';
import { watchQueue } from './watch/queue.js';
import { PhotoWatch } from './watch/watch.js';
import { PhotoZips } from './zip.js';

/**
 * Photos (docs/photos.md): the phone's camera roll backed up through the drive's uploads and
 * quota, read in the background (exifr, sharp, ffmpeg), shown by time, album and place.
 * Its space is the drive's (`drives.used_bytes`), so it adds no usage of its own.
 */
export const photosModule: AppModule = {
  name: 'photos',
  serviceId: ServiceId.PHOTOS,
  async routes(app, deps) {
    await photoRoutes(app, deps);
    await photoFileRoutes(app, deps);
    await photoDeviceRoutes(app, deps);
  },
  async housekeeping(deps, log) {
    await new PhotosService(deps).expire();
    await new PhotoZips(deps).expire();
    // Files of the watched folders a stopped process did not take in, and the counts of space.
    await new PhotoWatch(deps).housekeeping();
    // Rows a stopped process left unread.
    await photoQueue(deps, log).resume();
  },
  on: {
    // The folder watch: taken in after the drive committed, one at a time, off the request.
    driveItemsLanded: (deps, landed, log) => watchQueue(deps, log).landed(landed),
    // A carried photo whose file is gone for good counts its own bytes at once, not at housekeeping.
    driveFilesPurged: (deps, purged, log) => watchQueue(deps, log).recharge(purged.userId),
  },
  seedDemo: seedPhotos,
  takeout: photosTakeout,
  async releaseUser(deps, userId, now) {
    const index = new BlobIndex(deps.db);
    for (const r of await new PhotosRepo(deps.db).all(userId)) {
      for (const key of [r.sha256, r.thumb_key, r.thumb_large_key])
        if (key) await index.unref(deps.db, key, now);
    }
  },
};
