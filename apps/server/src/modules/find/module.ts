import type { AppModule } from '../../platform/app-module.js';
import { purgeFindHistory } from './housekeeping.js';
import { findRoutes } from './routes.js';
import { findTakeout } from './takeout.js';

/**
 * Find-my-phone's portal calls. No service id: the spec's member ids have none for find, so the
 * portal shows its header link and home tile whenever find is served (docs/find-web.md).
 */
export const findModule: AppModule = {
  name: 'find',
  routes: findRoutes,
  housekeeping: purgeFindHistory,
  takeout: findTakeout,
};
