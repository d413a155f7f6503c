import { Readable } from 'node:stream';
import {
  WEBDAV_DRIVE_PATH,
  WEBDAV_LOCK_DEFAULT_SECONDS,
  WEBDAV_LOCK_MAX_SECONDS,
  WEBDAV_PROP_VALUE_MAX_BYTES,
  WEBDAV_PROPS_PER_ITEM_MAX,
  WEBDAV_XML_BODY_MAX_BYTES,
} from '@phonecloud/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import {
  DAV_METHODS,
  enableDavMethods,
  multistatus,
  type PropStat,
  responseEl,
} from '../../lib/dav-xml/http.js';
import {
  childOf,
  childrenOf,
  davEl,
  is,
  NS,
  parseXml,
  XmlError,
  type XmlNode,
  type XmlOut,
  XmlWriter,
} from '../../lib/dav-xml/index.js';
import { type DavPrincipal, requireAppPassword } from '../app-passwords/basic-auth.js';
import { parseRange } from '../drive/download/send.js';
import { FOLDER, type ItemRow } from '../drive/items-repo.js';
import { attachmentDisposition, contentTypeOf } from '../drive/mime.js';
import { DavError } from './errors.js';
import {
  ALLPROP,
  activeLock,
  checksums,
  etagOf,
  isLive,
  LIVE,
  OC_NS,
  type PropContext,
} from './live-props.js';
import type { LockRow } from './locks.js';
import {
  destinationOf,
  hrefOf,
  isInside,
  lockPathOf,
  type Segments,
  sameSegments,
  segmentsOf,
} from './paths.js';
import { type DeadProp, decodeProp, encodeProp } from './props.js';
import { type Resolved, statusOfDriveError, WebDavService } from './service.js';

const METHODS = [
  'OPTIONS',
  'GET',
  'HEAD',
  'PUT',
  'DELETE',
  ...DAV_METHODS.filter((m) => m !== 'REPORT' && m !== 'MKCALENDAR'),
];
const ALLOW = METHODS.join(', ');
const XML = 'application/xml; charset=utf-8';

type PropRequest =
  | { mode: 'allprop' | 'propname' }
  | { mode: 'prop'; names: Array<{ ns: string; name: string }> };

/** Reads a request body up to a limit (XML bodies: PROPFIND, PROPPATCH, LOCK). */
async function readBody(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += b.length;
    if (size > limit) throw new DavError(413);
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

function sendXml(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).type(XML).send(body);
}

/** The request's own origin, to read Destination and tagged If headers against. */
const baseOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

function parseTimeout(header: string | undefined): number {
  if (!header) return WEBDAV_LOCK_DEFAULT_SECONDS;
  for (const part of header.split(',')) {
    const v = part.trim();
    if (/^infinite$/i.test(v)) return WEBDAV_LOCK_MAX_SECONDS;
    const m = /^Second-(\d+)$/i.exec(v);
    if (m) return Math.max(1, Math.min(Number(m[1]), WEBDAV_LOCK_MAX_SECONDS));
  }
  return WEBDAV_LOCK_DEFAULT_SECONDS;
}

/** Depth of COPY, MOVE, LOCK, DELETE: '0' or 'infinity' (absent: infinity); anything else 400. */
function zeroOrInfinity(header: string | undefined): '0' | 'infinity' {
  const v = header?.trim().toLowerCase();
  if (v === undefined || v === 'infinity') return 'infinity';
  if (v === '0') return '0';
  throw new DavError(400, undefined, [], 'Depth');
}

function parsePropfind(body: Buffer | undefined): PropRequest {
  if (!body || body.length === 0) return { mode: 'allprop' };
  const root = parseXml(body);
  if (!is(root, NS.DAV, 'propfind')) throw new DavError(400, undefined, [], 'propfind');
  if (childOf(root, NS.DAV, 'propname')) return { mode: 'propname' };
  const prop = childOf(root, NS.DAV, 'prop');
  if (prop) return { mode: 'prop', names: prop.children.map((c) => ({ ns: c.ns, name: c.name })) };
  if (childOf(root, NS.DAV, 'allprop')) return { mode: 'allprop' };
  throw new DavError(400, undefined, [], 'propfind');
}

/** The WebDAV face of the drive at WEBDAV_DRIVE_PATH (see docs/webdav.md). */
export async function webdavRoutes(app: FastifyInstance, deps: AppDeps) {
  enableDavMethods(app);
  const dav = new WebDavService(deps);

  // PUT bodies stream to the blob store untouched; other bodies are small XML read on demand.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  app.setErrorHandler((err, req, reply) => {
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
    req.log.error(err);
    return reply.status(500).type('text/plain; charset=utf-8').send('internal error');
  });

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
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
    const who = await requireAppPassword(req, reply, deps);
    if (!who) {
      // A body nobody will read (a PUT refused before its bytes): let it flow away.
      (req.body as Readable | undefined)?.resume?.();
      return reply;
    }
    const ctx: Ctx = { req, reply, who, segments, body: req.body as Readable | undefined };
    switch (req.method) {
      case 'GET':
      case 'HEAD':
        return get(ctx);
      case 'PUT':
        return put(ctx);
      case 'DELETE':
        return del(ctx);
      case 'MKCOL':
        return mkcol(ctx);
      case 'PROPFIND':
        return propfind(ctx);
      case 'PROPPATCH':
        return proppatch(ctx);
      case 'COPY':
      case 'MOVE':
        return copyMove(ctx, req.method === 'MOVE');
      case 'LOCK':
        return lock(ctx);
      case 'UNLOCK':
        return unlock(ctx);
      default:
        return reply.status(405).header('allow', ALLOW).send();
    }
  };

  interface Ctx {
    req: FastifyRequest;
    reply: FastifyReply;
    who: DavPrincipal;
    segments: Segments;
    body: Readable | undefined;
  }

  const xmlBody = async (ctx: Ctx) => (ctx.body ? readBody(ctx.body, WEBDAV_XML_BODY_MAX_BYTES) : undefined);
  const ifTokens = (ctx: Ctx, target: Resolved) =>
    dav.checkIf(ctx.who.userId, ctx.req.headers.if as string | undefined, target, baseOf(ctx.req));

  /** If-Match / If-None-Match (RFC 9110) on a resource that may not exist. */
  function httpPreconditions(ctx: Ctx, item: ItemRow | null) {
    const match = ctx.req.headers['if-match'];
    const noneMatch = ctx.req.headers['if-none-match'];
    const tags = (h: string) => h.split(',').map((t) => t.trim().replace(/^W\//, ''));
    if (match !== undefined) {
      if (!item || (match.trim() !== '*' && !tags(match).includes(etagOf(item)))) throw new DavError(412);
    }
    if (noneMatch !== undefined && item && ctx.req.method !== 'GET' && ctx.req.method !== 'HEAD') {
      if (noneMatch.trim() === '*' || tags(noneMatch).includes(etagOf(item))) throw new DavError(412);
    }
  }

  async function get(ctx: Ctx) {
    const { reply, req } = ctx;
    const res = await dav.resolve(ctx.who.userId, ctx.segments);
    const item = res.item;
    if (!item) throw new DavError(404);
    if (item.kind === FOLDER) {
      return reply
        .status(200)
        .type('text/plain; charset=utf-8')
        .send(req.method === 'HEAD' ? undefined : '');
    }
    httpPreconditions(ctx, item);
    const etag = etagOf(item);
    reply
      .header('etag', etag)
      .header('accept-ranges', 'bytes')
      .header('content-type', contentTypeOf(item.name))
      .header('content-disposition', attachmentDisposition(item.name))
      .header('cache-control', 'private, no-cache')
      .header('last-modified', new Date(Number(item.updated_at)).toUTCString());
    const noneMatch = req.headers['if-none-match'];
    if (noneMatch?.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
      return reply.status(304).send();
    }
    const ifRange = req.headers['if-range'];
    const range = ifRange && ifRange !== etag ? null : parseRange(req.headers.range, item.size);
    if (range === 'unsatisfiable')
      return reply.status(416).header('content-range', `bytes */${item.size}`).send();
    const length = range ? range.end - range.start + 1 : item.size;
    if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${item.size}`);
    reply.header('content-length', length);
    if (req.method === 'HEAD' || item.size === 0 || !item.blob_key) return reply.send();
    return reply.send(await deps.blobs.get(item.blob_key, range ?? undefined));
  }

  async function put(ctx: Ctx) {
    const { req, reply, who } = ctx;
    const body = ctx.body ?? Readable.from([]);
    try {
      if (ctx.segments.length === 0) throw new DavError(405);
      const res = await dav.resolve(who.userId, ctx.segments);
      if (!res.parent) throw new DavError(409);
      if (res.item?.kind === FOLDER) throw new DavError(405);
      httpPreconditions(ctx, res.item);
      const submitted = await ifTokens(ctx, res);
      await dav.guardWrite(who.userId, ctx.segments, submitted, { membership: !res.item });
      const length = req.headers['content-length'] ?? req.headers['x-expected-entity-length'];
      const size = typeof length === 'string' && /^\d+$/.test(length) ? Number(length) : null;
      const name = ctx.segments.at(-1) as string;
      const done = await dav.put(who.userId, res.parent, name, body, size);
      const mtime = req.headers['x-oc-mtime'];
      if (typeof mtime === 'string' && /^\d{1,12}$/.test(mtime) && done.created) {
        await dav.setModified(who.userId, done.item.id, Number(mtime) * 1000);
        reply.header('x-oc-mtime', 'accepted');
      }
      reply.header('etag', etagOf(done.item));
      return reply.status(res.item ? 204 : 201).send();
    } catch (err) {
      // Refused before the bytes were read: drain them and close, or the client waits.
      if (!body.readableEnded) {
        body.resume();
        reply.header('connection', 'close');
      }
      throw err;
    }
  }

  async function del(ctx: Ctx) {
    const { who } = ctx;
    const res = await dav.resolve(who.userId, ctx.segments);
    if (!res.item) throw new DavError(404);
    if (ctx.segments.length === 0) throw new DavError(403);
    // A folder goes with everything in it (RFC 4918 §9.6.1): no other depth.
    if (
      res.item.kind === FOLDER &&
      zeroOrInfinity(ctx.req.headers.depth as string | undefined) !== 'infinity'
    ) {
      throw new DavError(400, undefined, [], 'Depth');
    }
    httpPreconditions(ctx, res.item);
    const submitted = await ifTokens(ctx, res);
    await dav.guardWrite(who.userId, ctx.segments, submitted, { members: true, membership: true });
    await dav.drive.trash(who.userId, res.item.id);
    await dav.locks.removeAt(who.userId, ctx.segments);
    return ctx.reply.status(204).send();
  }

  async function mkcol(ctx: Ctx) {
    const { who } = ctx;
    const body = await xmlBody(ctx);
    const res = await dav.resolve(who.userId, ctx.segments);
    if (res.item) throw new DavError(405);
    if (!res.parent) throw new DavError(409);
    if (body && body.length > 0) throw new DavError(415);
    const submitted = await ifTokens(ctx, res);
    await dav.guardWrite(who.userId, ctx.segments, submitted, { membership: true });
    await dav.drive.createFolder(who.userId, res.parent.id, ctx.segments.at(-1), 'v2', 'refuse');
    return ctx.reply.status(201).send();
  }

  async function propfind(ctx: Ctx) {
    const { who, req } = ctx;
    const request = parsePropfind(await xmlBody(ctx));
    const depthHeader = (req.headers.depth as string | undefined)?.trim().toLowerCase();
    if (depthHeader === 'infinity') throw new DavError(403, 'propfind-finite-depth');
    const depth = depthHeader === '0' ? 0 : 1;
    const res = await dav.resolve(who.userId, ctx.segments);
    const root = res.item;
    if (!root) throw new DavError(404);
    const now = dav.now();

    const entries: Array<{ item: ItemRow; segments: Segments }> = [{ item: root, segments: ctx.segments }];
    if (depth === 1 && root.kind === FOLDER) {
      let after: [number, string, number] | undefined;
      for (;;) {
        const page = await dav.drive.items.list(who.userId, root.id, 1000, after);
        for (const child of page) entries.push({ item: child, segments: [...ctx.segments, child.name] });
        const last = page.at(-1);
        if (!last || page.length < 1000) break;
        after = [last.kind, last.name, last.id];
      }
    }

    const wants = (ns: string, name: string) =>
      request.mode !== 'prop' || request.names.some((n) => n.ns === ns && n.name === name);
    const wantsDead = request.mode !== 'prop' || request.names.some((n) => !isLive(n.ns, n.name));
    const dead = wantsDead
      ? await dav.props.forItems(
          who.userId,
          entries.map((e) => e.item.id),
        )
      : new Map<number, DeadProp[]>();

    // Locks: the root's covering ones, and those inside it (for its children).
    let lockAbove: LockRow[] = [];
    let lockInside: LockRow[] = [];
    if (wants(NS.DAV, 'lockdiscovery')) {
      lockAbove = await dav.locks.covering(who.userId, ctx.segments, now);
      if (entries.length > 1) lockInside = await dav.locks.inside(who.userId, ctx.segments, now);
    }
    // A child is covered by the deep locks covering the folder and by the locks on itself.
    const locksOf = (segments: Segments) => {
      if (segments.length === ctx.segments.length) return lockAbove;
      const path = lockPathOf(segments);
      return [...lockAbove.filter((l) => l.deep), ...lockInside.filter((l) => l.path === path)];
    };
    let quota: { used: number; available: number } | null = null;
    if (wants(NS.DAV, 'quota-used-bytes') || wants(NS.DAV, 'quota-available-bytes')) {
      if (request.mode === 'prop') quota = await dav.quota(who.userId);
    }
    let hashes = new Map<string, { md5: string; sha1: string }>();
    if (request.mode === 'prop' && wants(OC_NS, 'checksums')) {
      const keys = entries.map((e) => e.item.blob_key).filter((k): k is string => Boolean(k));
      hashes = await dav.hashes([...new Set(keys)]);
    }

    const responses: XmlOut[] = entries.map(({ item, segments }) => {
      const pctx: PropContext = {
        item,
        locks: () => locksOf(segments),
        quota: () => quota,
        hashes: () => (item.blob_key ? (hashes.get(item.blob_key) ?? null) : null),
      };
      const href = hrefOf(segments, item.kind === FOLDER);
      const deadProps = dead.get(item.id) ?? [];
      if (request.mode === 'propname') {
        const names: XmlOut[] = [];
        for (const name of ALLPROP) if (LIVE[name]?.(pctx, now)) names.push(davEl(name));
        for (const p of deadProps) names.push({ ns: p.ns, name: p.name });
        return responseEl(href, [{ status: 200, props: names }]);
      }
      if (request.mode === 'allprop') {
        const found: XmlOut[] = [];
        for (const name of ALLPROP) {
          const v = LIVE[name]?.(pctx, now);
          if (v) found.push(v);
        }
        for (const p of deadProps) found.push(decodeProp(p));
        return responseEl(href, [{ status: 200, props: found }]);
      }
      const found: XmlOut[] = [];
      const missing: XmlOut[] = [];
      for (const n of request.mode === 'prop' ? request.names : []) {
        let v: XmlOut | null = null;
        if (n.ns === NS.DAV && Object.hasOwn(LIVE, n.name)) v = LIVE[n.name]?.(pctx, now) ?? null;
        else if (n.ns === OC_NS && n.name === 'checksums') v = checksums(pctx);
        else {
          const p = deadProps.find((d) => d.ns === n.ns && d.name === n.name);
          if (p) v = decodeProp(p);
        }
        if (v) found.push(v);
        else missing.push({ ns: n.ns, name: n.name });
      }
      const stats: PropStat[] = [
        { status: 200, props: found },
        { status: 404, props: missing },
      ];
      return responseEl(href, stats);
    });
    return sendXml(ctx.reply, 207, multistatus(responses));
  }

  async function proppatch(ctx: Ctx) {
    const { who } = ctx;
    const body = await xmlBody(ctx);
    const res = await dav.resolve(who.userId, ctx.segments);
    const item = res.item;
    if (!item) throw new DavError(404);
    const submitted = await ifTokens(ctx, res);
    await dav.guardWrite(who.userId, ctx.segments, submitted, {});
    if (!body || body.length === 0) throw new DavError(400, undefined, [], 'propertyupdate');
    const root = parseXml(body);
    if (!is(root, NS.DAV, 'propertyupdate')) throw new DavError(400, undefined, [], 'propertyupdate');
    const ops: Array<{ set: boolean; prop: XmlNode }> = [];
    for (const child of root.children) {
      const set = is(child, NS.DAV, 'set');
      if (!set && !is(child, NS.DAV, 'remove')) continue;
      for (const prop of childrenOf(child, NS.DAV, 'prop'))
        for (const p of prop.children) ops.push({ set, prop: p });
    }
    const refused = new Set<XmlNode>();
    let tooBig = false;
    for (const op of ops) {
      if (isLive(op.prop.ns, op.prop.name)) refused.add(op.prop);
      else if (op.set && Buffer.byteLength(encodeProp(op.prop)) > WEBDAV_PROP_VALUE_MAX_BYTES) {
        refused.add(op.prop);
        tooBig = true;
      }
    }
    const stats = new Map<number, XmlOut[]>();
    const add = (status: number, p: XmlNode) => {
      const list = stats.get(status) ?? [];
      list.push({ ns: p.ns, name: p.name });
      stats.set(status, list);
    };
    if (refused.size === 0) {
      const applied = await deps.db
        .transaction()
        .execute(async (trx) => {
          for (const op of ops) {
            if (op.set)
              await dav.props.set(trx, who.userId, item.id, op.prop.ns, op.prop.name, encodeProp(op.prop));
            else await dav.props.remove(trx, who.userId, item.id, op.prop.ns, op.prop.name);
          }
          if ((await dav.props.count(trx, who.userId, item.id)) > WEBDAV_PROPS_PER_ITEM_MAX) {
            throw new DavError(507, undefined, [], 'too many properties');
          }
          return true;
        })
        .catch((err: unknown) => {
          if (err instanceof DavError && err.status === 507) return false;
          throw err;
        });
      for (const op of ops) add(applied ? 200 : 507, op.prop);
    } else {
      for (const op of ops)
        add(refused.has(op.prop) ? (tooBig && !isLive(op.prop.ns, op.prop.name) ? 507 : 403) : 424, op.prop);
    }
    const propstats: PropStat[] = [...stats].map(([status, props]) => ({ status, props }));
    return sendXml(
      ctx.reply,
      207,
      multistatus([responseEl(hrefOf(ctx.segments, item.kind === FOLDER), propstats)]),
    );
  }

  async function copyMove(ctx: Ctx, isMove: boolean) {
    const { who, req } = ctx;
    const destHeader = req.headers.destination as string | undefined;
    if (!destHeader) throw new DavError(400, undefined, [], 'Destination');
    const dest = destinationOf(destHeader, baseOf(req));
    if (!dest) throw new DavError(502);
    const src = await dav.resolve(who.userId, ctx.segments);
    const item = src.item;
    if (!item) throw new DavError(404);
    if (ctx.segments.length === 0 || dest.length === 0) throw new DavError(403);
    if (sameSegments(dest, ctx.segments)) throw new DavError(403);
    if (isInside(dest, ctx.segments)) throw new DavError(409);
    const depth = zeroOrInfinity(req.headers.depth as string | undefined);
    if (isMove && depth !== 'infinity') throw new DavError(400, undefined, [], 'Depth');
    const overwrite = (req.headers.overwrite as string | undefined)?.trim().toUpperCase() !== 'F';
    const target = await dav.resolve(who.userId, dest);
    if (!target.parent) throw new DavError(409);
    if (target.item && !overwrite) throw new DavError(412);
    httpPreconditions(ctx, item);
    const submitted = await ifTokens(ctx, src);
    if (isMove)
      await dav.guardWrite(who.userId, ctx.segments, submitted, { members: true, membership: true });
    await dav.guardWrite(who.userId, dest, submitted, { members: Boolean(target.item), membership: true });
    const name = dest.at(-1) as string;
    if (target.item) {
      await dav.drive.trash(who.userId, target.item.id);
      await dav.locks.removeAt(who.userId, dest);
    }
    if (isMove) {
      await dav.move(who.userId, item, target.parent.id, name);
      await dav.locks.removeAt(who.userId, ctx.segments);
    } else {
      await dav.copy(who.userId, item, target.parent.id, name, item.kind === FOLDER && depth === '0');
    }
    return ctx.reply.status(target.item ? 204 : 201).send();
  }

  async function lock(ctx: Ctx) {
    const { who, req, reply } = ctx;
    const body = await xmlBody(ctx);
    const timeoutS = parseTimeout(req.headers.timeout as string | undefined);
    const now = dav.now();
    const res = await dav.resolve(who.userId, ctx.segments);
    const submitted = await ifTokens(ctx, res);
    if (!body || body.length === 0) {
      // A refresh: the If header names the lock.
      const held = (await dav.locks.covering(who.userId, ctx.segments, now)).find((l) =>
        submitted.has(l.token),
      );
      if (!held) throw new DavError(412, 'lock-token-matches-request-uri');
      await dav.locks.refresh(who.userId, held.token, timeoutS, now);
      const fresh = { ...held, timeout_s: timeoutS, expires_at: now + timeoutS * 1000 };
      return sendXml(reply, 200, lockAnswer(fresh, now));
    }
    const info = parseXml(body);
    if (!is(info, NS.DAV, 'lockinfo')) throw new DavError(400, undefined, [], 'lockinfo');
    const scope = childOf(info, NS.DAV, 'lockscope');
    const shared = Boolean(childOf(scope, NS.DAV, 'shared'));
    if (!shared && !childOf(scope, NS.DAV, 'exclusive')) throw new DavError(400, undefined, [], 'lockscope');
    if (!childOf(childOf(info, NS.DAV, 'locktype'), NS.DAV, 'write'))
      throw new DavError(400, undefined, [], 'locktype');
    const ownerNode = childOf(info, NS.DAV, 'owner');
    const deep = zeroOrInfinity(req.headers.depth as string | undefined) === 'infinity';
    if (!res.item && !res.parent) throw new DavError(409);

    // Conflicts: a lock on it or a deep lock above; for a deep lock, any lock inside too.
    const existing = [
      ...(await dav.locks.covering(who.userId, ctx.segments, now)),
      ...(deep ? await dav.locks.inside(who.userId, ctx.segments, now) : []),
    ];
    if (existing.some((l) => !l.shared || !shared)) {
      throw new DavError(423, 'no-conflicting-lock', [
        ...new Set(existing.map((l) => hrefOf(l.path.split('/').filter(Boolean), false))),
      ]);
    }
    let created = false;
    if (!res.item && res.parent) {
      await dav.guardWrite(who.userId, ctx.segments, submitted, { membership: true });
      await dav.createEmpty(who.userId, res.parent, ctx.segments.at(-1) as string);
      created = true;
    }
    const row = await dav.locks.create(
      who.userId,
      { segments: ctx.segments, deep, shared, owner: ownerNode ? encodeProp(ownerNode) : null, timeoutS },
      now,
    );
    reply.header('lock-token', `<${row.token}>`);
    return sendXml(reply, created ? 201 : 200, lockAnswer(row, now));
  }

  function lockAnswer(row: LockRow, now: number): string {
    return new XmlWriter().document(davEl('prop', [davEl('lockdiscovery', [activeLock(row, now)])]));
  }

  async function unlock(ctx: Ctx) {
    const { who, req } = ctx;
    const raw = (req.headers['lock-token'] as string | undefined)?.trim();
    if (!raw) throw new DavError(400, undefined, [], 'Lock-Token');
    const token = raw.replace(/^<|>$/g, '');
    const held = await dav.locks.byToken(who.userId, token, dav.now());
    const path = lockPathOf(ctx.segments);
    const covers =
      held &&
      (held.path === path || (held.deep === 1 && (held.path === '/' || path.startsWith(`${held.path}/`))));
    if (!held || !covers) throw new DavError(409, 'lock-token-matches-request-uri');
    await dav.locks.remove(who.userId, token);
    return ctx.reply.status(204).send();
  }

  const route = { method: METHODS, handler, exposeHeadRoute: false, config: { csrf: false } };
  app.route({ ...route, url: WEBDAV_DRIVE_PATH });
  app.route({ ...route, url: `${WEBDAV_DRIVE_PATH}/*` });
}
