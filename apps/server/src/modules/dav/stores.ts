import type { AppDeps } from '../../http/context.js';
import { CalDavStore } from './caldav.js';
import { CardDavStore } from './carddav.js';
import type { Area } from './paths.js';
import type { DavStore } from './store.js';

/** The user's collection of an area. */
export function storeOf(deps: AppDeps, area: Area, userId: number): DavStore {
  return area === 'contacts' ? new CardDavStore(deps, userId) : new CalDavStore(deps, userId);
}
