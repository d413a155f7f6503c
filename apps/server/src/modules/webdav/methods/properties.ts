import { WEBDAV_PROP_VALUE_MAX_BYTES, WEBDAV_PROPS_PER_ITEM_MAX } from '@phonecloud/shared';
import { multistatus, type PropStat, responseEl } from '../../../lib/dav-xml/http.js';
import {
  childOf,
  childrenOf,
  davEl,
  is,
  NS,
  parseXml,
  type XmlNode,
  type XmlOut,
} from '../../../lib/dav-xml/index.js';
import { type DriveItem, FOLDER, type ListKey } from '../../drive/index.js';
import { DavError } from '../errors.js';
import { ALLPROP, checksums, isLive, LIVE, OC_NS, type PropContext } from '../live-props.js';
import type { LockRow } from '../locks.js';
import { hrefOf, lockPathOf, type Segments } from '../paths.js';
import { type DeadProp, decodeProp, encodeProp } from '../props.js';
import type { WebDavService } from '../service.js';
import { type Ctx, ifTokens, sendXml, xmlBody } from './context.js';

/** What a PROPFIND asks for: every property, their names, or the named ones. */
type PropRequest =
  | { mode: 'allprop' | 'propname' }
  | { mode: 'prop'; names: Array<{ ns: string; name: string }> };

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

/**
 * An item's properties, and its children's at Depth 1 (Depth infinity is refused): live ones
 * (live-props.ts), the dead ones clients set, locks, quota and checksums when asked.
 */
export async function propfind(dav: WebDavService, ctx: Ctx) {
  const { who, req } = ctx;
  const request = parsePropfind(await xmlBody(ctx));
  const depthHeader = (req.headers.depth as string | undefined)?.trim().toLowerCase();
  if (depthHeader === 'infinity') throw new DavError(403, 'propfind-finite-depth');
  const depth = depthHeader === '0' ? 0 : 1;
  const res = await dav.resolve(who.userId, ctx.segments);
  const root = res.item;
  if (!root) throw new DavError(404);
  const now = dav.now();

  const entries = await entriesOf(dav, ctx, root, depth);

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
    if (request.mode === 'prop') quota = await dav.drive.space(who.userId);
  }
  let hashes = new Map<string, { md5: string; sha1: string }>();
  if (request.mode === 'prop' && wants(OC_NS, 'checksums')) {
    const keys = entries.map((e) => e.item.blob_key).filter((k): k is string => Boolean(k));
    hashes = await dav.drive.hashes([...new Set(keys)]);
  }

  const responses: XmlOut[] = entries.map(({ item, segments }) => {
    const pctx: PropContext = {
      item,
      locks: () => locksOf(segments),
      quota: () => quota,
      hashes: () => (item.blob_key ? (hashes.get(item.blob_key) ?? null) : null),
    };
    return entryResponse(request, pctx, hrefOf(segments, item.kind === FOLDER), dead.get(item.id) ?? [], now);
  });
  return sendXml(ctx.reply, 207, multistatus(responses));
}

type Entry = { item: DriveItem; segments: Segments };

/** The item, and at Depth 1 its children, read from the drive a page at a time. */
async function entriesOf(dav: WebDavService, ctx: Ctx, root: DriveItem, depth: 0 | 1): Promise<Entry[]> {
  const entries: Entry[] = [{ item: root, segments: ctx.segments }];
  if (depth === 1 && root.kind === FOLDER) {
    let after: ListKey | undefined;
    for (;;) {
      const page = await dav.drive.list(ctx.who.userId, root.id, 1000, after);
      for (const child of page) entries.push({ item: child, segments: [...ctx.segments, child.name] });
      const last = page.at(-1);
      if (!last || page.length < 1000) break;
      after = [last.kind, last.name, last.id];
    }
  }
  return entries;
}

/** One item's response: its property names, every property, or the asked ones (404 for the rest). */
function entryResponse(
  request: PropRequest,
  pctx: PropContext,
  href: string,
  deadProps: DeadProp[],
  now: number,
): XmlOut {
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
}

/** Sets and removes dead properties, all or none (live ones are refused, 403 and 424 for the rest). */
export async function proppatch(dav: WebDavService, ctx: Ctx) {
  const { who } = ctx;
  const body = await xmlBody(ctx);
  const res = await dav.resolve(who.userId, ctx.segments);
  const item = res.item;
  if (!item) throw new DavError(404);
  const submitted = await ifTokens(dav, ctx, res);
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
    const applied = await dav.deps.db
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
