import type { AppDeps } from '../http/context.js';

/**
 * The collections CardDAV and CalDAV serve (docs/dav.md), one of each per account: the address
 * book over the contacts and the calendar over the calendar store. An area provides its
 * collection from its own folder in its AppModule's `dav` slot; the DAV module speaks the
 * protocols over whichever are registered.
 */
export type DavArea = 'contacts' | 'calendar';

/** An area's collection as registered: which one it is, and the user's collection of it. */
export interface DavSlot {
  area: DavArea;
  open(deps: AppDeps, userId: number): DavCollection;
}

/** The extension of a resource name: `<uid>.vcf` for a card, `<uid>.ics` for an event. */
export const EXTENSION: Record<DavArea, string> = { contacts: '.vcf', calendar: '.ics' };

/** The UID a resource name stands for: the name without the area's extension. */
export function uidOfName(area: DavArea, name: string): string {
  const ext = EXTENSION[area];
  return name.toLowerCase().endsWith(ext) && name.length > ext.length ? name.slice(0, -ext.length) : name;
}

/** A resource of a collection as listings name it: its name (the last URL segment) and ETag. */
export interface ItemMeta {
  name: string;
  /** The quoted entity tag, from the item's version_code. */
  etag: string;
  lastModified: number;
}

export interface ItemData extends ItemMeta {
  data: string;
}

/** How a client wants items written (CardDAV's address-data version; nothing else varies). */
export interface RenderOptions {
  vcardVersion?: '3.0' | '4.0';
}

/** If-Match / If-None-Match of a write: entity tags without quotes, '*' for any, null when absent. */
export interface Conditions {
  ifMatch: string[] | '*' | null;
  ifNoneMatch: string[] | '*' | null;
}

export interface Changes {
  token: number;
  changed: ItemMeta[];
  /** Names of items deleted since the token. */
  gone: string[];
}

/** One collection of one user over an area's store; every method is scoped to that user. */
export interface DavCollection {
  readonly area: DavArea;
  readonly contentType: string;
  /** The collection's sync_version (its sync token and CTag). */
  token(): Promise<number>;
  list(): Promise<ItemMeta[]>;
  /** The items of these names that exist, rendered; others are left out. */
  fetch(names: readonly string[], options: RenderOptions): Promise<Map<string, ItemData>>;
  /** Changes since a token; throws DavError 403 valid-sync-token when the log cannot tell. */
  changes(since: number): Promise<Changes>;
  /** Stores a client's item; answers whether it was created and its ETag when kept byte for byte. */
  put(name: string, body: Buffer, conditions: Conditions): Promise<{ created: boolean; etag: string | null }>;
  remove(name: string, conditions: Conditions): Promise<void>;
  /** Items with an instance in [start, end) (CalDAV's time-range); without it every item matches. */
  between?(start: number, end: number): Promise<ItemMeta[]>;
}

export const etagOf = (version: number, variant?: string | number | null) =>
  `"${version}${variant === null || variant === undefined ? '' : `-${variant}`}"`;

/** Whether an If-Match list accepts the item's current tag (or any tag, '*'). */
export function matches(list: string[] | '*', etag: string): boolean {
  if (list === '*') return true;
  const bare = etag.replace(/^"|"$/g, '');
  return list.includes(bare);
}

/** Checks the conditions against the item's current tag (null: it does not exist). */
export function checkConditions(c: Conditions, etag: string | null): boolean {
  if (c.ifMatch !== null && (etag === null || !matches(c.ifMatch, etag))) return false;
  if (c.ifNoneMatch !== null && etag !== null && matches(c.ifNoneMatch, etag)) return false;
  return true;
}
