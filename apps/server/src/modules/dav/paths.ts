import { DAV_ADDRESS_BOOK, DAV_CALENDAR, DAV_ROOT } from '@phonecloud/shared';
import type { DavArea } from '../../platform/dav-collection.js';

/**
 * The URL layout (docs/dav.md):
 *   /dav/                                      root: current-user-principal
 *   /dav/principals/<user>/                    the principal, with both home sets
 *   /dav/addressbooks/<user>/                  addressbook-home-set
 *   /dav/addressbooks/<user>/contacts/         the address book; cards <name>.vcf
 *   /dav/calendars/<user>/                     calendar-home-set
 *   /dav/calendars/<user>/calendar/            the calendar; objects <name>.ics
 */
export type Target =
  | { kind: 'root' }
  | { kind: 'principals' }
  | { kind: 'principal'; user: string }
  | { kind: 'homes'; area: DavArea }
  | { kind: 'home'; area: DavArea; user: string }
  | { kind: 'collection'; area: DavArea; user: string }
  | { kind: 'item'; area: DavArea; user: string; name: string };

const AREA_SEGMENT: Record<DavArea, string> = { contacts: 'addressbooks', calendar: 'calendars' };
const COLLECTION: Record<DavArea, string> = { contacts: DAV_ADDRESS_BOOK, calendar: DAV_CALENDAR };

/**
 * A path segment percent-encoded as Python's urllib.parse.quote(s, '/@') spells it (what
 * vdirsyncer compares hrefs by): unreserved characters and '@' stay, everything else is %XX.
 */
export function encodeSegment(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%40/g, '@');
}

function decodeSegment(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/** What a request path names under DAV_ROOT, or null (outside the layout). */
export function targetOf(url: string): Target | null {
  const path = url.split('?')[0] ?? '';
  if (path === DAV_ROOT.slice(0, -1)) return { kind: 'root' };
  if (!path.startsWith(DAV_ROOT)) return null;
  const raw = path.slice(DAV_ROOT.length).split('/');
  // A trailing slash is optional everywhere; empty segments elsewhere name nothing.
  if (raw[raw.length - 1] === '') raw.pop();
  const parts: string[] = [];
  for (const r of raw) {
    const d = decodeSegment(r);
    if (d === null || d === '') return null;
    parts.push(d);
  }
  const [top, user, collection, name, ...rest] = parts;
  if (top === undefined) return { kind: 'root' };
  if (rest.length > 0) return null;
  if (top === 'principals') {
    if (user === undefined) return { kind: 'principals' };
    return collection === undefined ? { kind: 'principal', user } : null;
  }
  const area = (Object.keys(AREA_SEGMENT) as DavArea[]).find((a) => AREA_SEGMENT[a] === top);
  if (!area) return null;
  if (user === undefined) return { kind: 'homes', area };
  if (collection === undefined) return { kind: 'home', area, user };
  if (collection !== COLLECTION[area]) return null;
  if (name === undefined) return { kind: 'collection', area, user };
  return { kind: 'item', area, user, name };
}

const u = (user: string) => encodeSegment(user);

export const hrefs = {
  root: () => DAV_ROOT,
  principals: () => `${DAV_ROOT}principals/`,
  principal: (user: string) => `${DAV_ROOT}principals/${u(user)}/`,
  homes: (area: DavArea) => `${DAV_ROOT}${AREA_SEGMENT[area]}/`,
  home: (area: DavArea, user: string) => `${DAV_ROOT}${AREA_SEGMENT[area]}/${u(user)}/`,
  collection: (area: DavArea, user: string) =>
    `${DAV_ROOT}${AREA_SEGMENT[area]}/${u(user)}/${COLLECTION[area]}/`,
  item: (area: DavArea, user: string, name: string) =>
    `${DAV_ROOT}${AREA_SEGMENT[area]}/${u(user)}/${COLLECTION[area]}/${encodeSegment(name)}`,
};

/** An href of a request body (absolute URL or path) as the Target it names. */
export function targetOfHref(href: string): Target | null {
  let path = href.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return null;
    }
  }
  return targetOf(path);
}
