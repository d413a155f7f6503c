import { WEBDAV_DRIVE_PATH } from '@phonecloud/shared';

/**
 * A place in the drive as WebDAV names it: the names from the root folder down. `[]` is the
 * root (`/dav/drive/`). Names are decoded and in NFC, as the drive stores them.
 */
export type Segments = string[];

/** The segments of a request path below WEBDAV_DRIVE_PATH; null when outside it or malformed. */
export function segmentsOf(rawUrl: string): Segments | null {
  const pathPart = rawUrl.split('?')[0] ?? '';
  // A fragment never belongs in a request line: refuse rather than act on part of the URL.
  if (pathPart.includes('#')) return null;
  if (pathPart !== WEBDAV_DRIVE_PATH && !pathPart.startsWith(`${WEBDAV_DRIVE_PATH}/`)) return null;
  const out: string[] = [];
  for (const raw of pathPart.slice(WEBDAV_DRIVE_PATH.length).split('/')) {
    if (raw === '') continue;
    let name: string;
    try {
      name = decodeURIComponent(raw).normalize('NFC');
    } catch {
      return null;
    }
    if (name === '.' || name === '..' || name.includes('/')) return null;
    out.push(name);
  }
  return out;
}

/** The segments a Destination header names (an absolute URI or a path); null when not ours. */
export function destinationOf(header: string | undefined, base: string): Segments | null {
  if (!header) return null;
  let url: URL;
  try {
    url = new URL(header, base);
  } catch {
    return null;
  }
  return segmentsOf(url.pathname);
}

/** How names travel in a URL: every segment percent-encoded as UTF-8. */
export function hrefOf(segments: Segments, folder: boolean): string {
  const tail = segments.map((s) => encodeURIComponent(s)).join('/');
  if (segments.length === 0) return `${WEBDAV_DRIVE_PATH}/`;
  return `${WEBDAV_DRIVE_PATH}/${tail}${folder ? '/' : ''}`;
}

/** The key locks are stored under: '/' for the root, '/a/b' below it. */
export const lockPathOf = (segments: Segments) => `/${segments.join('/')}`;

/** Every lock key at or above a path (the root first). */
export function lockPathsAbove(segments: Segments): string[] {
  const out = ['/'];
  for (let i = 1; i <= segments.length; i++) out.push(lockPathOf(segments.slice(0, i)));
  return out;
}

export const sameSegments = (a: Segments, b: Segments) =>
  a.length === b.length && a.every((s, i) => s === b[i]);

/** True when `inner` lies strictly inside `outer`. */
export const isInside = (inner: Segments, outer: Segments) =>
  inner.length > outer.length && outer.every((s, i) => s === inner[i]);
