import type { AppModule } from '../../../platform/app-module.js';
import { syncRoutes } from './routes.js';
import { SyncService } from './service.js';

/** Phone sync of contacts, messages, notes and calendar (docs/sync.md): no tile of its own. */
export const syncModule: AppModule = {
  name: 'sync',
  routes: syncRoutes,
  async housekeeping(deps) {
    await new SyncService(deps).purgeOld();
  },
};
