import type { AppModule } from '../../platform/app-module.js';
import { BlobIndex } from '../../storage/blob-index.js';
import { CalDavStore } from './caldav-store.js';
import { seedCalendar } from './demo/demo.js';
import { CalendarFilesRepo } from './files-repo.js';
import { purgeCalendar } from './housekeeping.js';
import { calendarRoutes } from './routes.js';
import { CalendarService } from './service.js';
import { calendarSync } from './sync-adapter.js';
import { calendarTakeout } from './takeout.js';

/**
 * The calendar store and its export. No service id: the calendar has no tile of its own (its
 * export card sits in the contacts' import/export dialog).
 */
export const calendarModule: AppModule = {
  name: 'calendar',
  routes: calendarRoutes,
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
  takeout: calendarTakeout,
};
