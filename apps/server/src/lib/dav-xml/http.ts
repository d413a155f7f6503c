import type { FastifyInstance } from 'fastify';
import { davEl, NS, type XmlOut, XmlWriter } from './xml.js';

/**
 * The WebDAV methods (RFC 4918), CalDAV's MKCALENDAR (RFC 4791) and REPORT (RFC 3253) that
 * Fastify does not route by default. Every one may carry a body.
 */
export const DAV_METHODS = [
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'MKCALENDAR',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
  'REPORT',
] as const;

/**
 * Makes Fastify route the DAV methods: once per process-wide router (the method sets are shared
 * by every plugin scope), so calling it again from another area (WebDAV, CardDAV) is harmless.
 */
export function enableDavMethods(app: FastifyInstance): void {
  for (const method of DAV_METHODS) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  }
}

/**
 * Takes every request body of this plugin scope as raw bytes (`req.body` is a Buffer, or
 * undefined when empty), whatever its content type: XML, vCard, iCalendar. Only this scope's
 * parsers change (Fastify encapsulates them), so call it inside the DAV area's own plugin.
 */
export function rawBodies(scope: FastifyInstance, bodyLimit: number): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_req, body, done) => done(null, body));
}

/** The Depth header: 0, 1 or infinity (RFC 4918 §10.2); `fallback` when absent. */
export function depthOf(
  header: string | string[] | undefined,
  fallback: '0' | '1' | 'infinity',
): '0' | '1' | 'infinity' {
  const v = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  return v === '0' || v === '1' || v === 'infinity' ? v : fallback;
}

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  412: 'Precondition Failed',
  424: 'Failed Dependency',
  507: 'Insufficient Storage',
};

export const statusLine = (code: number) => `HTTP/1.1 ${code} ${REASONS[code] ?? ''}`.trimEnd();

/** One propstat: properties that share a status. */
export interface PropStat {
  status: number;
  props: XmlOut[];
}

/** A `<response>` of a multistatus: an href with propstats, or with a status of its own. */
export function responseEl(href: string, result: PropStat[] | number): XmlOut {
  const body: XmlOut[] = [davEl('href', href)];
  if (typeof result === 'number') body.push(davEl('status', statusLine(result)));
  else {
    for (const ps of result) {
      if (ps.props.length === 0) continue;
      body.push(davEl('propstat', [davEl('prop', ps.props), davEl('status', statusLine(ps.status))]));
    }
  }
  return davEl('response', body);
}

/** A 207 multistatus document of responses (and extra elements after them: sync-token). */
export function multistatus(responses: XmlOut[], tail: XmlOut[] = []): string {
  return new XmlWriter().document(davEl('multistatus', [...responses, ...tail]));
}

/** Where a server puts a text for a person next to the condition (no standard element exists). */
export const MESSAGE_NS = 'urn:phonecloud:dav';

/** An error body (RFC 4918 §16): the precondition or postcondition that failed, and a text. */
export function errorBody(condition: { ns: string; name: string }, message?: string): string {
  const body: XmlOut[] = [{ ns: condition.ns, name: condition.name }];
  if (message) body.push({ ns: MESSAGE_NS, name: 'message', content: message });
  return new XmlWriter().document(davEl('error', body));
}

export { NS };
