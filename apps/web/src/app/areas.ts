import { installDriveHooks } from '../api';
import { prefetchCalendarOpening } from '../features/calendar/api/opening';
import { prefetchContactBook } from '../features/contacts/api/book-prefetch';
import { driveHooks } from '../features/drive/drive-session';
import { prefetchAlipanFolder } from '../features/drive/listing/folder-prefetch';
import { prefetchNoteList } from '../features/notes/api/list-prefetch';
import { prefetchPhotoOpening } from '../features/photos/photo-prefetch';
import { prefetchSmsOpening } from '../features/sms/api/sms-prefetch';
import { preloadable } from './preloadable';

export interface AreaEntry {
  /** Route pattern under the portal layout, e.g. '/contact/*'. */
  path: string;
  /** The area's page, loaded as its own chunk the first time it is opened (or preloaded). */
  page: ReturnType<typeof preloadable>;
  /**
   * The area's routes are panes of one screen: moving between them keeps the page mounted (no
   * route fade; a list keeps its scroll, search and selection).
   */
  onePage?: boolean;
}

/**
 * The areas this build serves. Adding one is one line here, for example
 *   { path: '/contact/*', page: preloadable(() => import('../features/contacts/ContactsArea')) },
 * and its calls pass `area: 'contact'` so that a 6001 leads to its check screen.
 * A route with no area here falls through to /home/index.
 */
export const AREAS: readonly AreaEntry[] = [
  {
    path: '/alipan/*',
    page: preloadable(() => {
      // Opened on a folder: its first page and the arrangement start alongside the chunk.
      prefetchAlipanFolder();
      return import('../features/drive/alipan/AlipanArea');
    }),
    onePage: true,
  },
  { path: '/pan/*', page: preloadable(() => import('../features/drive/pan/PanArea')), onePage: true },
  {
    path: '/contact/*',
    page: preloadable(() => {
      // The chunk is asked for first (it is small and the server sends it at once), then the
      // book's download starts alongside it. The page is ready once both the chunk and the
      // book's first screen are in (or the book failed): its first render then draws the rows.
      const chunk = import('../features/contacts/ContactsArea');
      return Promise.all([chunk, prefetchContactBook()]).then(([page]) => page);
    }),
    onePage: true,
  },
  {
    path: '/sms/*',
    page: preloadable(() => {
      // list.do (and, opened on a conversation, its first page) start alongside the chunk.
      prefetchSmsOpening();
      return import('../features/sms/SmsArea');
    }),
    onePage: true,
  },
  {
    path: '/note/*',
    // As the contacts: the list downloads alongside the chunk, and the first render has the cards.
    page: preloadable(() =>
      Promise.all([import('../features/notes/NotesArea'), prefetchNoteList()]).then(([page]) => page),
    ),
    onePage: true,
  },
  {
    path: '/calendar/*',
    // The calendars and the first range start alongside the chunk (see calendar/api/opening.ts).
    page: preloadable(() => {
      prefetchCalendarOpening();
      return import('../features/calendar/CalendarArea');
    }),
    onePage: true,
  },
  { path: '/find/*', page: preloadable(() => import('../features/find/FindArea')) },
  {
    path: '/photo/*',
    // The month index and the newest months' photos start alongside the chunk.
    page: preloadable(() => {
      prefetchPhotoOpening();
      return import('../features/photos/PhotosArea');
    }),
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

/** The area an address opens, if any. */
function areaOfHash(hash: string): AreaEntry | undefined {
  const pathname = hash.replace(/^#/, '').split('?')[0] ?? '';
  const key = fadeKey(pathname);
  return AREAS.find((area) => area.onePage && area.path.replace(/\/\*$/, '') === key);
}

/**
 * Opening the portal on an area's address: its chunk (and, for contacts, the book) starts
 * downloading with the portal's code, before the first render asks for it. Answers when the
 * chunk is in (at once when the address opens no area).
 */
export function preloadOpenedArea(): Promise<unknown> {
  return areaOfHash(window.location.hash)?.page.preload() ?? Promise.resolve();
}
