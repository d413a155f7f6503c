import type { Readable } from 'node:stream';
import { WEBDAV_DRIVE_PATH } from '@phonecloud/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accepts, callerOf } from '../../http/caller.js';
import type { AppDeps } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { DAV_METHODS, enableDavMethods } from '../../lib/dav-xml/http.js';
import { davEl, XmlError, XmlWriter } from '../../lib/dav-xml/index.js';
import { isDiskFull } from '../../lib/disk-full.js';
import { DavError } from './errors.js';
import { type Ctx, sendXml } from './methods/context.js';
import { copyMove, del, get, mkcol, put } from './methods/files.js';
import { lock, unlock } from './methods/locking.js';
import { propfind, proppatch } from './methods/properties.js';
import { segmentsOf } from './paths.js';
import { statusOfDriveError, WebDavService } from './service.js';

const METHODS = [
  'OPTIONS',
  'GET',
  'HEAD',
  'PUT',
  'DELETE',
  ...DAV_METHODS.filter((m) => m !== 'REPORT' && m !== 'MKCALENDAR'),
];
const ALLOW = METHODS.join(', ');

/** The WebDAV face of the drive at WEBDAV_DRIVE_PATH (see docs/webdav.md). */
export async function webdavRoutes(app: FastifyInstance, deps: AppDeps) {
  enableDavMethods(app);
  const dav = new WebDavService(deps);

  // PUT bodies stream to the blob store untouched; other bodies are small XML read on demand.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  app.setErrorHandler(answerError);

  const handler = (req: FastifyRequest, reply: FastifyReply) => dispatch(dav, req, reply);

  // A path that names nothing in the drive is 400 before the caller is asked; OPTIONS answers anyone.
  const onRequest = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!segmentsOf(req.url)) return reply.status(400).type('text/plain; charset=utf-8').send('bad path');
  };
  const route = { handler, onRequest, exposeHeadRoute: false };
  const authed = METHODS.filter((m) => m !== 'OPTIONS');
  for (const url of [WEBDAV_DRIVE_PATH, `${WEBDAV_DRIVE_PATH}/*`]) {
    app.route({ ...route, ...accepts('app-password'), method: authed, url });
    app.route({ ...route, ...accepts('anonymous'), method: 'OPTIONS', url });
  }
}

/** A failure as a WebDAV client reads it: a DAV:error body for a precondition, plain text otherwise. */
function answerError(err: unknown, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof DavError) {
    if (err.condition) {
      const body = new XmlWriter().document(
        davEl('error', [
          davEl(err.condition, err.hrefs.length ? err.hrefs.map((h) => davEl('href', h)) : undefined),
        ]),
      );
      return sendXml(reply, err.status, body);
    }
    return reply.status(err.status).type('text/plain; charset=utf-8').send(err.message);
  }
  if (err instanceof XmlError)
    return reply.status(400).type('text/plain; charset=utf-8').send('malformed XML');
  if (err instanceof AppError) {
    return reply.status(statusOfDriveError(err)).type('text/plain; charset=utf-8').send(err.message);
  }
  const status = (err as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) return reply.status(status).send();
  if (isDiskFull(err)) {
    req.log.error({ err }, 'storage full: the data directory or the database has no space left');
    return reply.status(507).type('text/plain; charset=utf-8').send('insufficient storage');
  }
  req.log.error(err);
  return reply.status(500).type('text/plain; charset=utf-8').send('internal error');
}

/** One request to the drive's WebDAV face, by method. */
async function dispatch(dav: WebDavService, req: FastifyRequest, reply: FastifyReply) {
  const segments = segmentsOf(req.url);
  if (!segments) return reply.status(400).type('text/plain; charset=utf-8').send('bad path');
  if (req.method === 'OPTIONS') {
    return reply
      .status(200)
      .header('dav', '1, 2')
      .header('allow', ALLOW)
      .header('ms-author-via', 'DAV')
      .header('accept-ranges', 'bytes')
      .send();
  }
  const who = callerOf(req, 'app-password');
  const ctx: Ctx = { req, reply, who, segments, body: req.body as Readable | undefined };
  switch (req.method) {
    case 'GET':
    case 'HEAD':
      return get(dav, ctx);
    case 'PUT':
      return put(dav, ctx);
    case 'DELETE':
      return del(dav, ctx);
    case 'MKCOL':
      return mkcol(dav, ctx);
    case 'PROPFIND':
      return propfind(dav, ctx);
    case 'PROPPATCH':
      return proppatch(dav, ctx);
    case 'COPY':
    case 'MOVE':
      return copyMove(dav, ctx, req.method === 'MOVE');
    case 'LOCK':
      return lock(dav, ctx);
    case 'UNLOCK':
      return unlock(dav, ctx);
    default:
      return reply.status(405).header('allow', ALLOW).send();
  }
}
