import type { Readable } from 'node:stream';
import { WEBDAV_XML_BODY_MAX_BYTES } from '@phonecloud/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallerOf } from '../../../http/caller.js';
import type { DriveItem } from '../../drive/index.js';
import { DavError } from '../errors.js';
import { etagOf } from '../live-props.js';
import type { Segments } from '../paths.js';
import type { Resolved, WebDavService } from '../service.js';

/** One WebDAV request, its account (by app password) and its path in the drive. */
export interface Ctx {
  req: FastifyRequest;
  reply: FastifyReply;
  who: CallerOf<'app-password'>;
  segments: Segments;
  body: Readable | undefined;
}

const XML = 'application/xml; charset=utf-8';

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

export function sendXml(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).type(XML).send(body);
}

/** The request's own origin, to read Destination and tagged If headers against. */
export const baseOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/** Depth of COPY, MOVE, LOCK, DELETE: '0' or 'infinity' (absent: infinity); anything else 400. */
export function zeroOrInfinity(header: string | undefined): '0' | 'infinity' {
  const v = header?.trim().toLowerCase();
  if (v === undefined || v === 'infinity') return 'infinity';
  if (v === '0') return '0';
  throw new DavError(400, undefined, [], 'Depth');
}

/** A PROPFIND, PROPPATCH or LOCK body, refused past its limit. */
export const xmlBody = async (ctx: Ctx) =>
  ctx.body ? readBody(ctx.body, WEBDAV_XML_BODY_MAX_BYTES) : undefined;

/** The lock tokens the request's If header submits for the target (412 when it is not met). */
export const ifTokens = (dav: WebDavService, ctx: Ctx, target: Resolved) =>
  dav.checkIf(ctx.who.userId, ctx.req.headers.if as string | undefined, target, baseOf(ctx.req));

/** If-Match / If-None-Match (RFC 9110) on a resource that may not exist. */
export function httpPreconditions(ctx: Ctx, item: DriveItem | null) {
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
