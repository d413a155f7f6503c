/**
 * The drive path parameter of spec 000 §2: `path=` followed by a dot-joined chain of folder ids
 * from the root; the last one is the current folder.
 */
const PREFIX = 'path=';

/** The chain of a route's rest (`index/path=root.1001`), or null when it is not a drive path. */
export function parseChain(rest: string, rootId: string): string[] | null {
  const match = /^index\/path=([^/]+)$/.exec(rest);
  if (!match?.[1]) return null;
  const ids = match[1].split('.');
  if (ids[0] !== rootId || ids.some((id) => !/^[\w-]+$/.test(id))) return null;
  return ids;
}

export function chainRoute(variant: string, chain: readonly string[]): string {
  return `/${variant}/index/${PREFIX}${chain.join('.')}`;
}
