import { contentTypeOf, DRIVE_ROOT_NUMERIC_ID } from '@phonecloud/shared';
import { davEl, NS, type XmlOut } from '../../lib/dav-xml/xml.js';
import { type DriveItem, FILE, FOLDER } from '../drive/index.js';
import type { LockRow } from './locks.js';
import { hrefOf } from './paths.js';
import { decodeProp } from './props.js';

/** What the live properties of one item are computed from. */
export interface PropContext {
  item: DriveItem;
  locks: () => LockRow[];
  quota: () => { used: number; available: number } | null;
  /** The blob's MD5 and SHA-1 (lower-case hex), when known. */
  hashes: () => { md5: string; sha1: string } | null;
}

/** Apple's and ownCloud's namespace for checksums (rclone reads `oc:checksums`). */
export const OC_NS = 'http://owncloud.org/ns';

/**
 * A file's entity tag is its content's SHA-256 (the blob key), written in base64url (43
 * characters, not 64 hex): clients echo tags inside If headers, and some (litmus's, 200 bytes)
 * cut a long header. A folder's is its id and modification time.
 */
export const etagOf = (item: DriveItem) =>
  item.kind === FILE
    ? `"${item.blob_key ? Buffer.from(item.blob_key, 'hex').toString('base64url') : 'empty'}"`
    : `"d${item.id}-${item.updated_at}"`;

function lockEntry(scope: 'exclusive' | 'shared'): XmlOut {
  return davEl('lockentry', [davEl('lockscope', [davEl(scope)]), davEl('locktype', [davEl('write')])]);
}

/** One active lock as lockdiscovery and a LOCK answer show it. */
export function activeLock(lock: LockRow, now: number): XmlOut {
  const segments = lock.path.split('/').filter((s) => s.length > 0);
  const left = Math.max(0, Math.ceil((Number(lock.expires_at) - now) / 1000));
  const body: XmlOut[] = [
    davEl('locktype', [davEl('write')]),
    davEl('lockscope', [davEl(lock.shared ? 'shared' : 'exclusive')]),
    davEl('depth', lock.deep ? 'infinity' : '0'),
  ];
  if (lock.owner) body.push(decodeProp({ ns: NS.DAV, name: 'owner', value: lock.owner }));
  body.push(
    davEl('timeout', `Second-${left}`),
    davEl('locktoken', [davEl('href', lock.token)]),
    davEl('lockroot', [davEl('href', hrefOf(segments, false))]),
  );
  return davEl('activelock', body);
}

type LiveProp = (ctx: PropContext, now: number) => XmlOut | null;

const httpDate = (ms: number) => new Date(ms).toUTCString();

/** The live properties (RFC 4918 §15, RFC 4331), by name in the DAV: namespace. */
export const LIVE: Record<string, LiveProp> = {
  resourcetype: ({ item }) => davEl('resourcetype', item.kind === FOLDER ? [davEl('collection')] : undefined),
  displayname: ({ item }) => davEl('displayname', item.id === DRIVE_ROOT_NUMERIC_ID ? undefined : item.name),
  getcontentlength: ({ item }) => (item.kind === FILE ? davEl('getcontentlength', String(item.size)) : null),
  getcontenttype: ({ item }) =>
    item.kind === FILE ? davEl('getcontenttype', contentTypeOf(item.name)) : null,
  getetag: ({ item }) => davEl('getetag', etagOf(item)),
  getlastmodified: ({ item }) => davEl('getlastmodified', httpDate(Number(item.updated_at))),
  creationdate: ({ item }) => davEl('creationdate', new Date(Number(item.created_at)).toISOString()),
  supportedlock: () => davEl('supportedlock', [lockEntry('exclusive'), lockEntry('shared')]),
  lockdiscovery: (ctx, now) => {
    const locks = ctx.locks();
    return davEl('lockdiscovery', locks.length ? locks.map((l) => activeLock(l, now)) : undefined);
  },
  'quota-available-bytes': (ctx) => {
    const q = ctx.item.kind === FOLDER ? ctx.quota() : null;
    return q ? davEl('quota-available-bytes', String(q.available)) : null;
  },
  'quota-used-bytes': (ctx) => {
    const q = ctx.item.kind === FOLDER ? ctx.quota() : null;
    return q ? davEl('quota-used-bytes', String(q.used)) : null;
  },
};

/** Live properties an allprop answers (RFC 4331: the quota ones only when asked for by name). */
export const ALLPROP = [
  'resourcetype',
  'displayname',
  'getcontentlength',
  'getcontenttype',
  'getetag',
  'getlastmodified',
  'creationdate',
  'supportedlock',
  'lockdiscovery',
];

/** ownCloud's checksums property: rclone compares SHA-1 and MD5 through it. */
export function checksums(ctx: PropContext): XmlOut | null {
  if (ctx.item.kind !== FILE) return null;
  const h = ctx.hashes();
  if (!h) return null;
  return {
    ns: OC_NS,
    name: 'checksums',
    content: [{ ns: OC_NS, name: 'checksum', content: `SHA1:${h.sha1} MD5:${h.md5}` }],
  };
}

export const isLive = (ns: string, name: string) =>
  (ns === NS.DAV && Object.hasOwn(LIVE, name)) || (ns === OC_NS && name === 'checksums');
