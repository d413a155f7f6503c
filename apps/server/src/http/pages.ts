import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CSP_NONCE_PLACEHOLDER } from '@phonecloud/shared';
import type { FastifyInstance } from 'fastify';
import { inlineScriptHashes, pagePolicy } from './csp.js';

/** The portal's HTML pages by address; everything else in the build is a hashed asset. */
const PAGES: ReadonlyMap<string, string> = new Map([
  ['/', 'index.html'],
  ['/index.html', 'index.html'],
  ['/account/', 'account/index.html'],
  ['/account/index.html', 'account/index.html'],
  ['/legal/privacy.html', 'legal/privacy.html'],
  ['/legal/agreement.html', 'legal/agreement.html'],
]);

interface Page {
  mtime: number;
  html: string;
  scriptHashes: string[];
}

/**
 * Answers the portal's pages with their Content-Security-Policy: each response gets a fresh
 * nonce, written into the page's `csp-nonce` meta tag (the web app hands it to antd for the
 * <style> elements it writes) and into the policy. A page rebuilt under a running server is read
 * again; a missing one falls through to the static files (and their 503 for the portal page).
 */
export function servePages(
  app: FastifyInstance,
  webDist: string,
  extraConnect: readonly string[],
  extraImg: readonly string[] = [],
) {
  const cache = new Map<string, Page>();
  const load = (file: string): Page | undefined => {
    const full = path.join(webDist, file);
    let mtime: number;
    try {
      mtime = statSync(full).mtimeMs;
    } catch {
      return undefined;
    }
    const cached = cache.get(file);
    if (cached && cached.mtime === mtime) return cached;
    const html = readFileSync(full, 'utf8');
    const page = { mtime, html, scriptHashes: inlineScriptHashes(html) };
    cache.set(file, page);
    return page;
  };

  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    const [pathname = '', query] = req.url.split('?');
    // A folder's page asked without its slash (`/account`): its relative assets would resolve
    // against the root and the page stay blank.
    if (PAGES.has(`${pathname}/`)) {
      await reply.redirect(`${pathname}/${query === undefined ? '' : `?${query}`}`, 301);
      return;
    }
    const file = PAGES.get(pathname);
    const page = file ? load(file) : undefined;
    if (!page) return;
    const nonce = randomBytes(16).toString('base64');
    await reply
      .header('content-security-policy', pagePolicy(page.scriptHashes, nonce, extraConnect, extraImg))
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page.html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
    return reply;
  });
}
