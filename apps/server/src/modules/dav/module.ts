import type { AppModule } from '../../platform/app-module.js';
import { DavCollections } from './collections.js';
import { davRoutes } from './routes.js';

/**
 * CardDAV and CalDAV for stock phones and desktop clients (docs/dav.md), over the collections
 * the served areas register (`dav` slots: the contacts' address book, the calendar). No tile,
 * no data of its own, no area known by name: the areas keep their usage, housekeeping and demo
 * data.
 */
export function davModule(areas: readonly AppModule[]): AppModule {
  const collections = new DavCollections(areas);
  return {
    name: 'dav',
    routes: (app, deps) => davRoutes(app, deps, collections),
  };
}
