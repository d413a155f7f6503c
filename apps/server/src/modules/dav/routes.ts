import {
  DAV_BODY_MAX_BYTES,
  DAV_ROOT,
  DAV_WELL_KNOWN_CALDAV,
  DAV_WELL_KNOWN_CARDDAV,
  DavMsg,
} from '@phonecloud/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accepts, callerOf } from '../../http/caller.js';
import type { AppDeps } from '../../http/context.js';
import {
  DAV_METHODS,
  enableDavMethods,
  errorBody,
  NS,
  rawBodies,
  XmlError,
} from '../../lib/dav-xml/index.js';
import type { Conditions } from '../../platform/dav-collection.js';
import { DavError, notFound } from '../../platform/dav-errors.js';
import type { DavCollections } from './collections.js';
import { type Target, targetOf } from './paths.js';
import type { Who } from './props.js';
import { propfind, proppatch, report } from './protocol.js';

const METHODS = ['GET', 'PUT', 'DELETE', 'OPTIONS', ...DAV_METHODS];
const ALLOW = ['OPTIONS', 'GET', 'HEAD', 'PUT', 'DELETE', 'PROPFIND', 'PROPPATCH', 'REPORT'].join(', ');

/** Entity tags of an If-Match / If-None-Match header, without quotes; '*' for any; null when absent. */
export function entityTags(header: string | string[] | undefined): string[] | '*' | null {
  const v = Array.isArray(header) ? header.join(',') : header;
  if (v === undefined || v.trim() === '') return null;
  if (v.trim() === '*') return '*';
  return [...v.matchAll(/(?:W\/)?"([^"]*)"/g)].map((m) => m[1] ?? '');
}

function conditionsOf(req: FastifyRequest): Conditions {
  return {
    ifMatch: entityTags(req.headers['if-match']),
    ifNoneMatch: entityTags(req.headers['if-none-match']),
  };
}

/**
 * The vCard version an Accept header asks for (`text/vcard; version=4.0`); none asked: a card a
 * client wrote is answered in its own version, any other in 3.0.
 */
function vcardVersionOf(accept: string | undefined): '3.0' | '4.0' | undefined {
  const m = accept ? /text\/vcard\s*;[^,]*version\s*=\s*"?([34])\.0/i.exec(accept) : null;
  return m ? (m[1] === '4' ? '4.0' : '3.0') : undefined;
}

/** A target of another account (or of none) is not there, whoever asks. */
function ownTarget(target: Target | null, who: Who): Target | null {
  if (!target) return null;
  if ('user' in target && target.user !== who.username) return null;
  return target;
}

function sendError(reply: FastifyReply, err: DavError) {
  reply.status(err.status);
  if (err.condition)
    return reply.type('application/xml; charset=utf-8').send(errorBody(err.condition, err.text));
  return reply.type('text/plain; charset=utf-8').send(err.text ?? '');
}

/** Whether `path` names another account's DAV space (or none at all): answered 404, whoever asks. */
function notOwnSpace(path: string, who: Who): boolean {
  if (!path.startsWith(DAV_ROOT)) return true;
  const [top, user] = path
    .slice(DAV_ROOT.length)
    .split('/')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  return Boolean(
    user && ['principals', 'addressbooks', 'calendars'].includes(top ?? '') && user !== who.username,
  );
}

/**
 * MKCOL and MKCALENDAR: there is one address book and one calendar per account, so nothing is
 * made (403, with the location precondition of RFC 4791 §5.3.1 / RFC 6352 §6.3.1), except under
 * another account's URLs, which are not there (404) whoever asks.
 */
function refusedCollection(method: string, path: string, who: Who): DavError {
  if (notOwnSpace(path, who)) return notFound();
  const top = path.slice(DAV_ROOT.length).split('/')[0];
  const condition =
    method === 'MKCOL' && top === 'addressbooks'
      ? { ns: NS.CARDDAV, name: 'addressbook-collection-location-ok' }
      : { ns: NS.CALDAV, name: 'calendar-collection-location-ok' };
  return new DavError(403, condition, DavMsg.NOT_SUPPORTED);
}

/** COPY, MOVE, LOCK, UNLOCK: nothing is copied, moved or locked here (403), wherever aimed in one's own space. */
const UNSUPPORTED = new Set(['COPY', 'MOVE', 'LOCK', 'UNLOCK']);

async function handle(deps: AppDeps, collections: DavCollections, req: FastifyRequest, reply: FastifyReply) {
  if (req.method === 'OPTIONS') return reply.header('allow', ALLOW).status(200).send();
  const principal = callerOf(req, 'app-password');
  const who: Who = { userId: principal.userId, username: principal.username };
  try {
    const path = req.url.split('?')[0] ?? '';
    // The bare host, as DAVx5's users are told to enter it: answered as the DAV root.
    const bare = path === '/';
    if (req.method === 'MKCOL' || req.method === 'MKCALENDAR') throw refusedCollection(req.method, path, who);
    if (UNSUPPORTED.has(req.method))
      throw notOwnSpace(path, who) ? notFound() : new DavError(403, undefined, DavMsg.NOT_SUPPORTED);
    const target = bare ? ({ kind: 'root' } as const) : ownTarget(targetOf(path), who);
    if (!target) throw notFound();
    const body = Buffer.isBuffer(req.body) && req.body.length > 0 ? req.body : null;
    switch (req.method) {
      case 'PROPFIND':
        return await propfind(
          deps,
          collections,
          reply,
          who,
          target,
          body,
          req.headers.depth,
          bare ? '/' : null,
        );
      case 'REPORT':
        return await report(deps, collections, reply, who, target, body);
      case 'PROPPATCH':
        return proppatch(reply, target, body);
      case 'GET':
      case 'HEAD': {
        if (target.kind !== 'item') throw new DavError(405);
        const store = collections.open(deps, target.area, who.userId);
        const item = (
          await store.fetch([target.name], { vcardVersion: vcardVersionOf(req.headers.accept) })
        ).get(target.name);
        if (!item) throw notFound();
        return reply
          .header('etag', item.etag)
          .header('last-modified', new Date(item.lastModified).toUTCString())
          .header('cache-control', 'private, no-cache')
          .type(store.contentType)
          .send(item.data);
      }
      case 'PUT': {
        if (target.kind !== 'item') throw new DavError(405);
        const store = collections.open(deps, target.area, who.userId);
        const result = await store.put(target.name, body ?? Buffer.alloc(0), conditionsOf(req));
        if (result.etag) reply.header('etag', result.etag);
        return reply.status(result.created ? 201 : 204).send();
      }
      case 'DELETE': {
        if (target.kind !== 'item') throw new DavError(403, undefined, DavMsg.NOT_SUPPORTED);
        await collections.open(deps, target.area, who.userId).remove(target.name, conditionsOf(req));
        return reply.status(204).send();
      }
      default:
        // One address book and one calendar per account: nothing is made, copied or moved.
        throw new DavError(403, undefined, DavMsg.NOT_SUPPORTED);
    }
  } catch (err) {
    if (err instanceof DavError) return sendError(reply, err);
    if (err instanceof XmlError) return sendError(reply, new DavError(400, undefined, DavMsg.BAD_XML));
    throw err;
  }
}

/**
 * CardDAV and CalDAV (docs/dav.md): discovery, PROPFIND, REPORT, GET/PUT/DELETE of cards and
 * events. For app-password callers only (HTTP Basic; no cookie is read, so no CSRF check); OPTIONS
 * answers anyone.
 */
export async function davRoutes(app: FastifyInstance, deps: AppDeps, collections: DavCollections) {
  enableDavMethods(app);
  rawBodies(app, DAV_BODY_MAX_BYTES);
  const handler = (req: FastifyRequest, reply: FastifyReply) => handle(deps, collections, req, reply);
  // Before the caller is asked: a refused request carries the header too.
  const onRequest = async (_req: FastifyRequest, reply: FastifyReply) => {
    reply.header('dav', '1, 3, addressbook, calendar-access');
  };
  const authed = { ...accepts('app-password'), onRequest, handler };
  const options = { ...accepts('anonymous'), onRequest, handler };
  const notOptions = METHODS.filter((m) => m !== 'OPTIONS');
  for (const url of [DAV_ROOT.slice(0, -1), `${DAV_ROOT}*`]) {
    app.route({ method: notOptions, url, ...authed });
    app.route({ method: 'OPTIONS', url, ...options });
  }
  // The bare host answers a DAV client as the root (DAVx5 users enter it; iOS asks the
  // well-known URLs). Only PROPFIND and OPTIONS: GET / stays the portal's page.
  app.route({ method: 'PROPFIND', url: '/', ...authed });
  app.route({ method: 'OPTIONS', url: '/', ...options });
  // RFC 6764: the well-known URLs send a client to the root, where it finds its principal.
  for (const url of [DAV_WELL_KNOWN_CARDDAV, DAV_WELL_KNOWN_CALDAV]) {
    app.route({
      method: METHODS,
      url,
      ...accepts('anonymous'),
      handler: (_req, reply) => reply.redirect(DAV_ROOT, 301),
    });
  }
}
