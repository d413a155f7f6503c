import { WEBDAV_LOCK_DEFAULT_SECONDS, WEBDAV_LOCK_MAX_SECONDS } from '@phonecloud/shared';
import { childOf, davEl, is, NS, parseXml, XmlWriter } from '../../../lib/dav-xml/index.js';
import { DavError } from '../errors.js';
import { activeLock } from '../live-props.js';
import type { LockRow } from '../locks.js';
import { hrefOf, lockPathOf } from '../paths.js';
import { encodeProp } from '../props.js';
import type { WebDavService } from '../service.js';
import { type Ctx, ifTokens, sendXml, xmlBody, zeroOrInfinity } from './context.js';

/** `Timeout: Second-n` or `Infinite`, within the lock limits. */
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

/** A new lock (exclusive or shared, Depth 0 or infinity; an unmapped URL becomes an empty file), or a refresh by the If header. */
export async function lock(dav: WebDavService, ctx: Ctx) {
  const { who, req, reply } = ctx;
  const body = await xmlBody(ctx);
  const timeoutS = parseTimeout(req.headers.timeout as string | undefined);
  const now = dav.now();
  const res = await dav.resolve(who.userId, ctx.segments);
  const submitted = await ifTokens(dav, ctx, res);
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

/** The lockdiscovery body of a LOCK's answer. */
function lockAnswer(row: LockRow, now: number): string {
  return new XmlWriter().document(davEl('prop', [davEl('lockdiscovery', [activeLock(row, now)])]));
}

/** Ends a lock by its token, given on the URL it covers. */
export async function unlock(dav: WebDavService, ctx: Ctx) {
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
