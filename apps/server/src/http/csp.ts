import { createHash } from 'node:crypto';

/**
 * Content-Security-Policy of the portal's own pages (portal, central login, legal pages): code
 * and styles only from this origin, inline scripts only by hash (the build writes one: the
 * opened area's preload), no plugins, no <base>, framed only by ourselves. `wasm-unsafe-eval`
 * lets the drive's MD5 (hash-wasm) compile its WebAssembly; it allows no JavaScript eval.
 */
export function pagePolicy(
  scriptHashes: readonly string[],
  styleNonce: string,
  extraConnect: readonly string[] = [],
  extraImg: readonly string[] = [],
): string {
  const hashes = scriptHashes.map((h) => ` 'sha256-${h}'`).join('');
  const connect = extraConnect.map((o) => ` ${o}`).join('');
  // Find-my-phone's map tiles, when a tile source is set (MAP_TILE_URL).
  const img = extraImg.map((o) => ` ${o}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval'${hashes}`,
    // antd writes the skin's token variables into <style> elements at run time: those carry the
    // page's one-time nonce (ConfigProvider csp), nothing else inline is applied.
    `style-src 'self' 'nonce-${styleNonce}'`,
    `img-src 'self' data: blob:${img}`,
    "font-src 'self' data:",
    "media-src 'self' blob:",
    `connect-src 'self'${connect}`,
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * Everything else the server answers (user files, downloads, exports, avatars, JSON): nothing
 * in it may run or load anything, even if a browser is talked into rendering it (an uploaded
 * HTML or SVG file opened directly).
 */
export const FILE_POLICY = "default-src 'none'; sandbox; frame-ancestors 'self'";

/**
 * A refusal the server wrote itself (JSON, sent with nosniff) in place of a download: nothing in
 * it may run or load either, but without the sandbox, so that the portal's hidden download frame
 * (same origin) can read its text and say it, rather than a bare "download failed".
 */
export const REFUSAL_POLICY = "default-src 'none'; frame-ancestors 'self'";

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** SHA-256 (base64) of every inline script of a page, for its policy. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    if (m[1]) hashes.add(createHash('sha256').update(m[1], 'utf8').digest('base64'));
  }
  return [...hashes].sort();
}
