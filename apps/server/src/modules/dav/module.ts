import type { AppModule } from '../../platform/app-module.js';
import { davRoutes } from './routes.js';

/**
 * CardDAV and CalDAV for stock phones and desktop clients (docs/dav.md), over the contacts and
 * calendar stores. No tile, no data of its own: the areas it serves keep their usage,
 * housekeeping and demo data.
 */
export const davModule: AppModule = {
  name: 'dav',
  routes: davRoutes,
};
