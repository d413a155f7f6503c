/**
 * File types by name, one table for the server's answers (downloads, WebDAV, share files,
 * previews, list items) and the web's icons and viewer. The extension → type table is the `mime`
 * package's (IANA's registered types, then the common unregistered ones, both drawn from mime-db),
 * so a new extension is added upstream, not here.
 */
import { Mime } from 'mime/lite';
import otherTypes from 'mime/types/other.js';
import standardTypes from 'mime/types/standard.js';
import { extensionOf } from './file-name.js';

/**
 * Where the library prefers an unregistered type over the IANA one clients expect: vCards are
 * `text/vcard` (RFC 6350; the contacts area and CardDAV answer it too), FLAC is `audio/flac`
 * (registered 2017).
 */
const PREFERRED: Record<string, string[]> = {
  'text/vcard': ['vcf'],
  'audio/flac': ['flac'],
};

const OCTET_STREAM = 'application/octet-stream';

// Built on first use, not at import. Nothing the web's first page runs imports this module (the
// preview rules take `extensionOf` from `file-name.ts`): the table ships in its own chunk, fetched
// by the drive and the share page (apps/web/vite.config.ts).
let table: Mime | undefined;
function types(): Mime {
  table ??= new Mime(standardTypes, otherTypes).define(PREFERRED, true);
  return table;
}

/** The bare type of a name (no parameters), or null when its extension is unknown. */
export function mediaTypeOf(name: string): string | null {
  const ext = extensionOf(name);
  return ext ? types().getType(ext) : null;
}

/**
 * The Content-Type a stored file is sent with: text as UTF-8, anything unknown as a plain byte
 * stream. Sent as an attachment (downloads, WebDAV, share files), so markup in it never runs;
 * shown in place, a preview sends every text kind (markup and code included) as plain text.
 */
export function contentTypeOf(name: string): string {
  const type = mediaTypeOf(name);
  if (!type) return OCTET_STREAM;
  return type.startsWith('text/') ? `${type}; charset=utf-8` : type;
}

/**
 * Types a browser runs or renders as a page: script (a `<script src>` of the portal's origin
 * passes `script-src 'self'`), markup that can hold script, style sheets, WebAssembly.
 */
const ACTIVE_TYPES = new Set([
  'text/javascript',
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'text/ecmascript',
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/xml',
  'application/xml',
  'text/xsl',
  'application/xslt+xml',
  'text/css',
  'application/wasm',
  'text/cache-manifest',
  'application/manifest+json',
]);

/** Whether a name's type is one a browser would run or render as part of the portal. */
export function isActiveType(name: string): boolean {
  const type = mediaTypeOf(name);
  return type !== null && ACTIVE_TYPES.has(type);
}

/**
 * The Content-Type a stored file's bytes are served with (downloads, share files, WebDAV GET):
 * `contentTypeOf`, except that an active type is a plain byte stream, so nothing a user stored is
 * ever script, style or a page of the portal's origin (with `nosniff`, a browser takes the type as
 * sent). Listings still say the file's own type (`contentTypeOf`).
 */
export function servedTypeOf(name: string): string {
  return isActiveType(name) ? OCTET_STREAM : contentTypeOf(name);
}

/** How a list shows a file at a glance (icon and colour); null for everything else. */
export type FileKind = 'image' | 'video' | 'audio' | 'archive' | 'pdf' | 'word' | 'excel' | 'ppt' | 'text';

const ARCHIVES = new Set([
  'application/zip',
  'application/vnd.rar',
  'application/x-7z-compressed',
  'application/gzip',
  'application/x-tar',
  'application/x-bzip',
  'application/x-bzip2',
  'application/x-xz',
]);

/** The kind of a file by its type: the media families, archives, PDF, the office formats, text. */
export function fileKindOf(name: string): FileKind | null {
  const type = mediaTypeOf(name);
  if (!type) return null;
  const family = type.slice(0, type.indexOf('/'));
  if (family === 'image' || family === 'video' || family === 'audio') return family;
  if (ARCHIVES.has(type)) return 'archive';
  if (type === 'application/pdf') return 'pdf';
  if (type === 'application/msword' || type.includes('wordprocessingml')) return 'word';
  if (type === 'text/csv' || type.startsWith('application/vnd.ms-excel') || type.includes('spreadsheetml'))
    return 'excel';
  if (type.startsWith('application/vnd.ms-powerpoint') || type.includes('presentationml')) return 'ppt';
  if (family === 'text' || type === 'application/json' || type === 'application/xml') return 'text';
  return null;
}
