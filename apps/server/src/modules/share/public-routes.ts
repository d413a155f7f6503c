import {
  SHARE_FOLDER_PAGE_SIZE,
  ShareApi,
  ShareCode,
  ShareMsg,
  type SharePublicInfo,
  type SharePublicList,
  type ShareVisit,
} from '@phonecloud/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accepts } from '../../http/caller.js';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/parse.js';
import { decodeMarker, encodeMarker, FILE, originOf, parseV1Id } from '../drive/index.js';
import { isPublicId, type ShareService, shareError } from './service.js';
import { type FileClaims, readShareToken, signShareToken, type ZipClaims } from './tokens.js';
import { toPublicItem } from './views.js';

const ShareBody = z.object({ share_id: z.string() });
const TokenBody = ShareBody.extend({ share_pwd: z.string().optional() });
const ListBody = ShareBody.extend({
  parent_file_id: z.string().optional(),
  marker: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(SHARE_FOLDER_PAGE_SIZE).default(SHARE_FOLDER_PAGE_SIZE),
});
const FileBody = ShareBody.extend({ file_id: z.string() });
const ZipBody = ShareBody.extend({ file_id_list: z.array(z.string()).min(1).max(1000) });

/** A public item id: the drive's decimal id; anything else ('..', paths, 'root') reaches nothing. */
function itemId(raw: string): number {
  const id = parseV1Id(raw);
  if (id === null) throw shareError(ShareCode.ITEM_GONE, ShareMsg.ITEM_GONE);
  return id;
}

function refuse(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).header('cache-control', 'no-store').send({ code: status, message });
}

/** The visitor's view of a link, once the body names it: the route decides (authorize). */
function visitOf(shares: ShareService, req: FastifyRequest, shareId: string) {
  return shares.authorize(shareId, req.caller);
}

/**
 * The public side of share links: no account, no cookie. `/s/<id>` opens the portal's share page;
 * its calls take the link's id, and after the code a visit token in `X-Share-Token`. Downloads
 * are signed URLs that check the link and the item again when they are fetched.
 */
export function publicRoutes(shares: ShareService) {
  return async (app: FastifyInstance) => {
    registerOpeningRoutes(app, shares);
    registerBrowsingRoutes(app, shares);
    registerDownloadLinkRoutes(app, shares);
    registerSignedDownloadRoutes(app, shares);
  };
}

// Calls carry no cookie credential: nothing for a cross-site request to ride on.
const open = accepts('anonymous');
const visit = accepts('share-visitor', 'anonymous');

/** The page a link opens, what it holds before the code, and the visit token the code earns. */
function registerOpeningRoutes(app: FastifyInstance, shares: ShareService): void {
  app.get<{ Params: { id: string }; Querystring: { pwd?: string } }>(
    `${ShareApi.page}:id`,
    async (req, reply) => {
      const id = isPublicId(req.params.id) ? req.params.id : 'invalid';
      const pwd = typeof req.query.pwd === 'string' && /^[0-9A-Za-z]{1,8}$/.test(req.query.pwd);
      return reply
        .header('cache-control', 'no-store')
        .redirect(`/#/s/${id}${pwd ? `?pwd=${req.query.pwd}` : ''}`);
    },
  );

  app.post(ShareApi.info, open, async (req) => {
    const b = parse(ShareBody, req.body);
    const share = await shares.open(b.share_id);
    const ids = await shares.repo.itemIds(share.user_id, share.public_id);
    const info: SharePublicInfo = {
      share_id: share.public_id,
      has_pwd: share.code !== null,
      expiration: share.expires_at === null ? '' : new Date(share.expires_at).toISOString(),
      file_count: ids.length,
    };
    return ok(info);
  });

  app.post(ShareApi.token, open, async (req) => {
    const b = parse(TokenBody, req.body);
    const { share, token, expiresIn } = await shares.visit(b.share_id, b.share_pwd, req.ip);
    const visit: ShareVisit = { share_token: token, expires_in: expiresIn, share_name: share.title };
    return ok(visit);
  });
}

/** A visitor walking the shared items and folders. */
function registerBrowsingRoutes(app: FastifyInstance, shares: ShareService): void {
  const { drive } = shares;
  app.post(ShareApi.list, visit, async (req) => {
    const b = parse(ListBody, req.body);
    const share = await visitOf(shares, req, b.share_id);
    if (!b.parent_file_id || b.parent_file_id === 'root') {
      const items = await shares.topItems(share);
      const damaged = await drive.damagedAmong(items);
      const data: SharePublicList = {
        items: items.map((i) => toPublicItem(i, damaged.has(i.id))),
        next_marker: '',
        path: [],
      };
      return ok(data);
    }
    const { item: folder, trail } = await shares.reachFolder(share, itemId(b.parent_file_id));
    const rows = await drive.list(share.user_id, folder.id, b.limit + 1, decodeMarker(b.marker));
    const page = rows.slice(0, b.limit);
    const last = page.at(-1);
    const damaged = await drive.damagedAmong(page);
    const data: SharePublicList = {
      items: page.map((i) => toPublicItem(i, damaged.has(i.id))),
      next_marker: rows.length > b.limit && last ? encodeMarker(last) : '',
      path: trail.map((f) => ({ file_id: String(f.id), name: f.name })),
    };
    return ok(data);
  });
}

/** Signed download URLs for one file or a zip of several. */
function registerDownloadLinkRoutes(app: FastifyInstance, shares: ShareService): void {
  const { deps, drive } = shares;
  const secret = deps.config.sessionSecret;
  app.post(ShareApi.downloadUrl, visit, async (req) => {
    const b = parse(FileBody, req.body);
    const share = await visitOf(shares, req, b.share_id);
    const { item } = await shares.reach(share, itemId(b.file_id));
    if (item.kind !== FILE) throw shareError(ShareCode.ITEM_GONE, ShareMsg.ITEM_GONE);
    const exp = shares.downloadExpiry();
    const t = signShareToken<FileClaims>(
      secret,
      'file',
      { s: share.public_id, u: share.user_id, i: item.id },
      exp,
    );
    await shares.countDownload(share);
    return ok({
      url: `${originOf(deps, req)}${ShareApi.file}?t=${t}`,
      expiration: new Date(exp).toISOString(),
      size: item.size,
      name: item.name,
    });
  });

  app.post(ShareApi.zipUrl, visit, async (req) => {
    const b = parse(ZipBody, req.body);
    const share = await visitOf(shares, req, b.share_id);
    const ids: number[] = [];
    for (const raw of b.file_id_list) ids.push((await shares.reach(share, itemId(raw))).item.id);
    const unique = [...new Set(ids)];
    const entries = await drive.zipSelection(share.user_id, unique);
    const first = entries[0]?.item.name ?? 'download';
    const name = unique.length === 1 ? `${first}.zip` : `${first}等${unique.length}个文件.zip`;
    const exp = shares.downloadExpiry();
    const t = signShareToken<ZipClaims>(
      secret,
      'zip',
      { s: share.public_id, u: share.user_id, ids: unique, n: name },
      exp,
    );
    await shares.countDownload(share);
    return ok({
      url: `${originOf(deps, req)}${ShareApi.zip}?t=${t}`,
      expiration: new Date(exp).toISOString(),
      name,
    });
  });
}

/** The signed URLs themselves: they check the link and the items again when fetched. */
function registerSignedDownloadRoutes(app: FastifyInstance, shares: ShareService): void {
  const { deps, drive } = shares;
  const secret = deps.config.sessionSecret;
  app.get(ShareApi.file, async (req: FastifyRequest<{ Querystring: { t?: string } }>, reply) => {
    const claims = readShareToken<FileClaims>(secret, 'file', req.query.t, deps.clock.now());
    if (!claims) return refuse(reply, 403, 'bad or expired link');
    const open = await shares.stillShared(claims);
    if (!open.ok) return refuse(reply, 410, open.message);
    const found = await shares.reach(open.share, claims.i).catch(() => null);
    const item = found?.item;
    if (!item || item.kind !== FILE || !item.blob_key) return refuse(reply, 404, ShareMsg.ITEM_GONE);
    return drive.sendFile(req, reply, item, ShareMsg.FILE_DAMAGED);
  });

  app.get(ShareApi.zip, async (req: FastifyRequest<{ Querystring: { t?: string } }>, reply) => {
    const claims = readShareToken<ZipClaims>(secret, 'zip', req.query.t, deps.clock.now());
    if (!claims) return refuse(reply, 403, 'bad or expired link');
    const open = await shares.stillShared(claims);
    if (!open.ok) return refuse(reply, 410, open.message);
    for (const id of claims.ids) {
      if (!(await shares.reach(open.share, id).catch(() => null)))
        return refuse(reply, 404, ShareMsg.ITEM_GONE);
    }
    const entries = await drive.zipSelection(open.share.user_id, claims.ids);
    return drive.sendZip(req, reply, entries, claims.n, ShareMsg.FILE_DAMAGED);
  });
}
