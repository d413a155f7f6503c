import type { ComponentType } from 'react';
import { installDriveHooks } from '../api';
import { prefetchContactBook, prefetchContactBookFor } from '../features/contacts/api/book-prefetch';
import { driveHooks } from '../features/drive/drive-session';

export interface AreaEntry {
  /** Route pattern under the portal layout, e.g. '/contact/*'. */
  path: string;
  /** The area's page, loaded as its own chunk the first time it is opened. */
  load: () => Promise<{ default: ComponentType }>;
  /**
   * The area's routes are panes of one screen: moving between them keeps the page mounted (no
   * route fade; a list keeps its scroll, search and selection).
   */
  onePage?: boolean;
}

/**
 * The areas this build serves. Adding one is one line here, for example
 *   { path: '/contact/*', load: () => import('../features/contacts/ContactsArea') },
 * and its calls pass `area: 'contact'` so that a 6001 leads to its check screen.
 * A route with no area here falls through to /home/index.
 */
export const AREAS: readonly AreaEntry[] = [
  { path: '/alipan/*', load: () => import('../features/drive/alipan/AlipanArea'), onePage: true },
  { path: '/pan/*', load: () => import('../features/drive/pan/PanArea'), onePage: true },
  {
    path: '/contact/*',
    load: () => {
      // The book's download starts alongside the area's chunk.
      prefetchContactBook();
      return import('../features/contacts/ContactsArea');
    },
    onePage: true,
  },
];

/** What the route fade is keyed by: a one-page area's prefix while inside it, else the path. */
export function fadeKey(pathname: string): string {
  for (const area of AREAS) {
    if (!area.onePage) continue;
    const prefix = area.path.replace(/\/\*$/, '');
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return prefix;
  }
  return pathname;
}

// The home tile and the gates fetch a drive token before the drive's chunk is loaded, so the
// drive's (small) token module is installed with the portal itself.
installDriveHooks(driveHooks);

// Opening the portal on a contacts address: the book's download starts with the portal's code,
// before the first render.
prefetchContactBookFor(window.location.hash);
