import { CALENDAR_EVENT_MAX_BYTES, DAV_CARD_MAX_BYTES, DavText } from '@phonecloud/shared';
import { davEl, el, NS, type XmlOut } from '../../lib/dav-xml/index.js';
import type { DavArea, ItemMeta } from '../../platform/dav-collection.js';
import { hrefs } from './paths.js';

/** A resource a multistatus describes, with what its properties need. */
export type Resource =
  | { kind: 'root' | 'principals'; href: string }
  | { kind: 'principal'; href: string }
  | { kind: 'homes' | 'home'; href: string; area: DavArea }
  | { kind: 'collection'; href: string; area: DavArea; token: number; contentType: string }
  | { kind: 'item'; href: string; area: DavArea; item: ItemMeta; contentType: string; data?: string };

/** The account a request speaks for. */
export interface Who {
  userId: number;
  username: string;
}

export interface PropName {
  ns: string;
  name: string;
}

const SYNC_TOKEN_RE = /^urn:phonecloud:sync:(contacts|calendar):(\d{1,15})$/;

export const syncTokenOf = (area: DavArea, version: number) => `urn:phonecloud:sync:${area}:${version}`;

/** The version a client's sync token stands for; null when it is not one of this collection's. */
export function versionOfToken(area: DavArea, token: string): number | null {
  const m = SYNC_TOKEN_RE.exec(token.trim());
  return m && m[1] === area ? Number(m[2]) : null;
}

const href = (h: string) => davEl('href', h);
const privileges = (names: string[]) => names.map((n) => davEl('privilege', [davEl(n)]));
const report = (ns: string, name: string) => davEl('supported-report', [davEl('report', [el(ns, name)])]);

/**
 * The value of one property of a resource, or undefined when the resource has no such
 * property (answered 404 in its propstat). Item data (address-data, calendar-data) is the
 * caller's: it is only given in REPORTs.
 */
export function propValue(r: Resource, who: Who, p: PropName): XmlOut['content'] | null | undefined {
  switch (p.ns) {
    case NS.DAV:
      return davProp(r, who, p.name);
    case NS.CS:
      // CalendarServer's getctag: the collection's token, which moves with every change.
      return p.name === 'getctag' && r.kind === 'collection' ? String(r.token) : undefined;
    case NS.CARDDAV:
      return carddavProp(r, who, p.name);
    case NS.CALDAV:
      return caldavProp(r, who, p.name);
    default:
      return undefined;
  }
}

/** A WebDAV (RFC 4918, 3744, 5397, 6578) property. */
function davProp(r: Resource, who: Who, name: string): XmlOut['content'] | null | undefined {
  switch (name) {
    case 'resourcetype': {
      if (r.kind === 'item') return null;
      const types = [davEl('collection')];
      if (r.kind === 'principal') types.push(davEl('principal'));
      if (r.kind === 'collection')
        types.push(r.area === 'contacts' ? el(NS.CARDDAV, 'addressbook') : el(NS.CALDAV, 'calendar'));
      return types;
    }
    case 'displayname':
      if (r.kind === 'collection') return r.area === 'contacts' ? DavText.ADDRESS_BOOK : DavText.CALENDAR;
      if (r.kind === 'principal') return who.username;
      return undefined;
    case 'current-user-principal':
      return [href(hrefs.principal(who.username))];
    case 'principal-URL':
      return r.kind === 'principal' ? [href(hrefs.principal(who.username))] : undefined;
    case 'principal-collection-set':
      return [href(hrefs.principals())];
    case 'owner':
      return r.kind === 'root' || r.kind === 'principals' || r.kind === 'homes'
        ? undefined
        : [href(hrefs.principal(who.username))];
    case 'current-user-privilege-set':
      return privileges(
        r.kind === 'collection' || r.kind === 'item'
          ? ['read', 'write', 'write-content', 'bind', 'unbind', 'read-current-user-privilege-set']
          : ['read', 'read-current-user-privilege-set'],
      );
    case 'supported-report-set':
      if (r.kind !== 'collection') return undefined;
      return r.area === 'contacts'
        ? [
            report(NS.CARDDAV, 'addressbook-multiget'),
            report(NS.CARDDAV, 'addressbook-query'),
            report(NS.DAV, 'sync-collection'),
          ]
        : [
            report(NS.CALDAV, 'calendar-multiget'),
            report(NS.CALDAV, 'calendar-query'),
            report(NS.DAV, 'sync-collection'),
          ];
    case 'sync-token':
      return r.kind === 'collection' ? syncTokenOf(r.area, r.token) : undefined;
    case 'getetag':
      return r.kind === 'item' ? r.item.etag : undefined;
    case 'getcontenttype':
      return r.kind === 'item' || r.kind === 'collection' ? r.contentType : undefined;
    case 'getlastmodified':
      return r.kind === 'item' ? new Date(r.item.lastModified).toUTCString() : undefined;
    case 'getcontentlength':
      return r.kind === 'item' && r.data !== undefined ? String(Buffer.byteLength(r.data)) : undefined;
    default:
      return undefined;
  }
}

/** A CardDAV (RFC 6352) property. */
function carddavProp(r: Resource, who: Who, name: string): XmlOut['content'] | null | undefined {
  switch (name) {
    case 'addressbook-home-set':
      return r.kind === 'principal' || r.kind === 'root'
        ? [href(hrefs.home('contacts', who.username))]
        : undefined;
    case 'addressbook-description':
      return r.kind === 'collection' && r.area === 'contacts' ? DavText.ADDRESS_BOOK : undefined;
    case 'supported-address-data':
      return r.kind === 'collection' && r.area === 'contacts'
        ? ['3.0', '4.0'].map((version) =>
            el(NS.CARDDAV, 'address-data-type', undefined, { 'content-type': 'text/vcard', version }),
          )
        : undefined;
    case 'max-resource-size':
      return r.kind === 'collection' && r.area === 'contacts' ? String(DAV_CARD_MAX_BYTES) : undefined;
    case 'address-data':
      return r.kind === 'item' && r.area === 'contacts' ? r.data : undefined;
    default:
      return undefined;
  }
}

/** A CalDAV (RFC 4791) property. */
function caldavProp(r: Resource, who: Who, name: string): XmlOut['content'] | null | undefined {
  switch (name) {
    case 'calendar-home-set':
      return r.kind === 'principal' || r.kind === 'root'
        ? [href(hrefs.home('calendar', who.username))]
        : undefined;
    case 'calendar-description':
      return r.kind === 'collection' && r.area === 'calendar' ? DavText.CALENDAR : undefined;
    case 'supported-calendar-component-set':
      return r.kind === 'collection' && r.area === 'calendar'
        ? [el(NS.CALDAV, 'comp', undefined, { name: 'VEVENT' })]
        : undefined;
    case 'supported-calendar-data':
      return r.kind === 'collection' && r.area === 'calendar'
        ? [el(NS.CALDAV, 'calendar-data', undefined, { 'content-type': 'text/calendar', version: '2.0' })]
        : undefined;
    case 'max-resource-size':
      return r.kind === 'collection' && r.area === 'calendar' ? String(CALENDAR_EVENT_MAX_BYTES) : undefined;
    case 'calendar-data':
      return r.kind === 'item' && r.area === 'calendar' ? r.data : undefined;
    default:
      return undefined;
  }
}

/** What `<allprop/>` (or an empty PROPFIND) answers: the live properties of RFC 4918 and the type's own. */
export const ALL_PROPS: PropName[] = [
  { ns: NS.DAV, name: 'resourcetype' },
  { ns: NS.DAV, name: 'displayname' },
  { ns: NS.DAV, name: 'getetag' },
  { ns: NS.DAV, name: 'getcontenttype' },
  { ns: NS.DAV, name: 'getlastmodified' },
  { ns: NS.DAV, name: 'sync-token' },
  { ns: NS.CS, name: 'getctag' },
  { ns: NS.DAV, name: 'current-user-principal' },
  { ns: NS.CARDDAV, name: 'addressbook-home-set' },
  { ns: NS.CALDAV, name: 'calendar-home-set' },
  { ns: NS.CARDDAV, name: 'supported-address-data' },
  { ns: NS.CALDAV, name: 'supported-calendar-component-set' },
];

/** The propstats of one resource for the asked properties: found ones 200, the others 404. */
export function propstats(
  r: Resource,
  who: Who,
  asked: readonly PropName[],
  mode: 'values' | 'names' | 'all',
): Array<{ status: number; props: XmlOut[] }> {
  const found: XmlOut[] = [];
  const missing: XmlOut[] = [];
  for (const p of mode === 'values' ? asked : ALL_PROPS) {
    const v = propValue(r, who, p);
    if (v === undefined) {
      if (mode === 'values') missing.push(el(p.ns, p.name));
      continue;
    }
    found.push(el(p.ns, p.name, mode === 'names' || v === null ? undefined : v));
  }
  return [
    { status: 200, props: found },
    { status: 404, props: missing },
  ];
}
