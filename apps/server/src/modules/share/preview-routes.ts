import {
  browserShowsImage,
  type PreviewKind,
  previewKindOf,
  ShareApi,
  ShareCode,
  ShareMsg,
} from '@phonecloud/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accepts } from '../../http/caller.js';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/parse.js';
import { FILE, originOf, parseV1Id, previewType, refusePreview as refuse } from '../drive/index.js';
import { type ShareService, shareError } from './service.js';
import { type FileClaims, readShareToken, signShareToken } from './tokens.js';

/** What the share page can show in place: the drive's kinds, images only those a browser shows itself. */
export function sharePreviewKind(name: string): PreviewKind {
  const kind = previewKindOf(name);
  return kind === 'image' && !browserShowsImage(name) ? 'none' : kind;
}

/**
 * Preview on the share page, by the drive's preview rules (inline, sandboxed, nosniff; text as
 * UTF-8 from its detected encoding, first 1 MB; Range for media), behind a share token that is
 * checked against the link and the item again on every fetch, as the downloads are.
 */
export function previewRoutes(shares: ShareService) {
  const { deps, drive } = shares;
  const secret = deps.config.sessionSecret;
  return async (app: FastifyInstance) => {
    app.post(ShareApi.previewUrl, accepts('share-visitor', 'anonymous'), async (req) => {
      const b = parse(z.object({ share_id: z.string(), file_id: z.string() }), req.body);
      const share = await shares.authorize(b.share_id, req.caller);
      const id = parseV1Id(b.file_id);
      if (id === null) throw shareError(ShareCode.ITEM_GONE, ShareMsg.ITEM_GONE);
      const { item } = await shares.reach(share, id);
      if (item.kind !== FILE) throw shareError(ShareCode.ITEM_GONE, ShareMsg.ITEM_GONE);
      const kind = sharePreviewKind(item.name);
      const exp = shares.downloadExpiry();
      const t = signShareToken<FileClaims>(
        secret,
        'preview',
        { s: share.public_id, u: share.user_id, i: item.id },
        exp,
      );
      return ok({
        url: kind === 'none' ? '' : `${originOf(deps, req)}${ShareApi.preview}?t=${t}`,
        expiration: new Date(exp).toISOString(),
        kind,
        size: item.size,
        content_type: previewType(item),
      });
    });

    app.get(ShareApi.preview, async (req: FastifyRequest<{ Querystring: { t?: string } }>, reply) => {
      const claims = readShareToken<FileClaims>(secret, 'preview', req.query.t, deps.clock.now());
      if (!claims) return refuse(reply, 403, 'bad or expired link');
      const share = await shares.stillShared(claims);
      if (!share.ok) return refuse(reply, 410, share.message);
      const found = await shares.reach(share.share, claims.i).catch(() => null);
      const item = found?.item;
      if (!item || item.kind !== FILE || !item.blob_key) return refuse(reply, 404, ShareMsg.ITEM_GONE);
      const kind = sharePreviewKind(item.name);
      if (kind === 'none') return refuse(reply, 415, 'cannot preview');
      return drive.sendPreview(req, reply, item, item.blob_key, kind, ShareMsg.FILE_DAMAGED);
    });
  };
}
