import { Readable } from 'node:stream';
import { DriveMsg, servedTypeOf } from '@phonecloud/shared';
import { parseRange } from '../../../http/byte-range.js';
import { attachmentDisposition, FOLDER } from '../../drive/index.js';
import { DavError } from '../errors.js';
import { etagOf } from '../live-props.js';
import { destinationOf, isInside, sameSegments } from '../paths.js';
import type { WebDavService } from '../service.js';
import { baseOf, type Ctx, httpPreconditions, ifTokens, xmlBody, zeroOrInfinity } from './context.js';

// The methods on the drive's files and folders: GET/HEAD, PUT, DELETE, MKCOL, COPY and MOVE.

/** A file's bytes (whole, or one Range; If-None-Match, If-Range); a folder answers empty. */
export async function get(dav: WebDavService, ctx: Ctx) {
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
  // Its bytes no longer match what was stored: a sync client would put them over a good copy.
  if (item.blob_key && (await dav.drive.isDamaged(item.blob_key)))
    throw new DavError(409, undefined, [], DriveMsg.FILE_DAMAGED);
  const etag = etagOf(item);
  reply
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    .header('content-type', servedTypeOf(item.name))
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
  return reply.send(await dav.drive.read(item, range ?? undefined));
}

/** Stores the body as the file (201 new, 204 replaced), keeping a client's X-OC-Mtime. */
export async function put(dav: WebDavService, ctx: Ctx) {
  const { req, reply, who } = ctx;
  const body = ctx.body ?? Readable.from([]);
  try {
    if (ctx.segments.length === 0) throw new DavError(405);
    const res = await dav.resolve(who.userId, ctx.segments);
    if (!res.parent) throw new DavError(409);
    if (res.item?.kind === FOLDER) throw new DavError(405);
    httpPreconditions(ctx, res.item);
    const submitted = await ifTokens(dav, ctx, res);
    await dav.guardWrite(who.userId, ctx.segments, submitted, { membership: !res.item });
    const length = req.headers['content-length'] ?? req.headers['x-expected-entity-length'];
    const size = typeof length === 'string' && /^\d+$/.test(length) ? Number(length) : null;
    const name = ctx.segments.at(-1) as string;
    const done = await dav.put(who.userId, res.parent, name, body, size);
    const mtime = req.headers['x-oc-mtime'];
    if (typeof mtime === 'string' && /^\d{1,12}$/.test(mtime) && done.created) {
      await dav.drive.setModified(who.userId, done.item.id, Number(mtime) * 1000);
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

/** Moves a file or a whole folder into the drive's recycle bin. */
export async function del(dav: WebDavService, ctx: Ctx) {
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
  const submitted = await ifTokens(dav, ctx, res);
  await dav.guardWrite(who.userId, ctx.segments, submitted, { members: true, membership: true });
  await dav.drive.trash(who.userId, res.item.id);
  await dav.locks.removeAt(who.userId, ctx.segments);
  return ctx.reply.status(204).send();
}

/** A new folder; a body is refused (415). */
export async function mkcol(dav: WebDavService, ctx: Ctx) {
  const { who } = ctx;
  const body = await xmlBody(ctx);
  const res = await dav.resolve(who.userId, ctx.segments);
  if (res.item) throw new DavError(405);
  if (!res.parent) throw new DavError(409);
  if (body && body.length > 0) throw new DavError(415);
  const submitted = await ifTokens(dav, ctx, res);
  await dav.guardWrite(who.userId, ctx.segments, submitted, { membership: true });
  await dav.drive.createFolder(who.userId, res.parent.id, ctx.segments.at(-1));
  return ctx.reply.status(201).send();
}

/** COPY (Depth 0 or infinity) and MOVE, overwriting a target unless `Overwrite: F`. */
export async function copyMove(dav: WebDavService, ctx: Ctx, isMove: boolean) {
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
  const submitted = await ifTokens(dav, ctx, src);
  if (isMove) await dav.guardWrite(who.userId, ctx.segments, submitted, { members: true, membership: true });
  await dav.guardWrite(who.userId, dest, submitted, { members: Boolean(target.item), membership: true });
  const name = dest.at(-1) as string;
  if (target.item) {
    await dav.drive.trash(who.userId, target.item.id);
    await dav.locks.removeAt(who.userId, dest);
  }
  if (isMove) {
    await dav.drive.move(who.userId, item, target.parent.id, name);
    await dav.locks.removeAt(who.userId, ctx.segments);
  } else {
    await dav.copy(who.userId, item, target.parent.id, name, item.kind === FOLDER && depth === '0');
  }
  return ctx.reply.status(target.item ? 204 : 201).send();
}
