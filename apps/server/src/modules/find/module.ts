import type { AppModule } from '../module.js';
import { purgeFindHistory } from './housekeeping.js';
import { findRoutes } from './routes.js';

/**
 * Find-my-phone's portal calls. No service id yet: the navigation list has no id for find, and
 * the portal's find screens are not built, so a tile would lead nowhere.
 */
export const findModule: AppModule = {
  name: 'find',
  routes: findRoutes,
  housekeeping: purgeFindHistory,
};
