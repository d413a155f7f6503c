import type { AppModule } from '../../../platform/app-module.js';
import { syncRoutes } from './routes.js';
import { SyncService, syncAdaptersOf } from './service.js';

/**
 * Phone sync (docs/sync.md) of the served areas that provide a sync adapter (contacts,
 * messages, notes, calendar): no tile of its own, no area known by name.
 */
export function syncModule(areas: readonly AppModule[]): AppModule {
  const adapters = syncAdaptersOf(areas);
  return {
    name: 'sync',
    routes: (app, deps) => syncRoutes(app, deps, adapters),
    async housekeeping(deps) {
      await new SyncService(deps, adapters).purgeOld();
    },
  };
}
