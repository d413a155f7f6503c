import { ServiceId } from '@phonecloud/shared';
import type { AppModule } from '../../platform/app-module.js';
import { BlobIndex } from '../../storage/blob-index.js';
import { CalDavStore } from './caldav-store.js';
import { seedCalendar } from './demo/demo.js';
import { CalendarFilesRepo } from './files-repo.js';
import { purgeCalendar } from './housekeeping.js';
import { calendarPortalRoutes } from './portal/routes.js';
import { calendarRoutes } from './routes.js';
import { CalendarService } from './service.js';
import { calendarSync } from './sync-adapter.js';

/**
 * The calendar store, its export, and the portal's calendar screens (a home tile of its own,
 * behind the `calendar` gate).
 */
export const calendarModule: AppModule = {
  name: 'calendar',
  serviceId: ServiceId.CALENDAR,
  async routes(app, deps) {
    await calendarRoutes(app, deps);
    await calendarPortalRoutes(app, deps);
  },
  async usage(deps, userId) {
    return { kind: 'backup', bytes: await new CalendarService(deps).usageBytes(userId) };
  },
  housekeeping: purgeCalendar,
  async releaseUser(deps, userId, now) {
    // One reference per export file.
    const index = new BlobIndex(deps.db);
    for (const key of await new CalendarFilesRepo(deps.db).blobKeys(userId))
      await index.unref(deps.db, key, now);
  },
  seedDemo: seedCalendar,
  sync: calendarSync,
  dav: { area: 'calendar', open: (deps, userId) => new CalDavStore(deps, userId) },
};
