import type { Area } from './paths.js';

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
export interface DavStore {
  readonly area: Area;
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
