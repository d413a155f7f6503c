import {
  SHARE_DEFAULT_EXPIRY_DAYS,
  SHARE_LIST_PAGE_SIZE,
  ShareApi,
  type V1ShareRecord,
} from '@phonecloud/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accepts } from '../../http/caller.js';
import { ok } from '../../http/envelope.js';
import { invalid } from '../../http/errors.js';
import { parse } from '../../http/parse.js';
import { driveUser, notFound, originOf, parseV1Id, parseV2Id } from '../drive/index.js';
import type { ShareService } from './service.js';
import { decodeShareMarker, encodeShareMarker, toV1Share, toV2Share } from './views.js';

/** "a,b,c", a JSON array, or repeated fields: the forms of the older variant send any of them. */
function listOf(raw: unknown): string[] {
  const list = Array.isArray(raw)
    ? raw
    : typeof raw === 'string'
      ? raw.replace(/^\[|\]$/g, '').split(',')
      : raw === undefined
        ? []
        : [raw];
  return list.map((v) => String(v).replace(/"/g, '').trim()).filter((v) => v !== '');
}

const V2Create = z.object({
  file_id_list: z.array(z.string()).min(1).max(1000),
  expire_days: z.union([z.number(), z.string()]).optional(),
  /** Absent: a random code; '': none; 4 letters or digits: that code. */
  share_pwd: z.string().nullable().optional(),
});
const V2List = z.object({
  limit: z.coerce.number().int().min(1).max(SHARE_LIST_PAGE_SIZE).default(SHARE_LIST_PAGE_SIZE),
  marker: z.string().optional(),
});
const V2Cancel = z.object({
  share_id: z.string().optional(),
  share_id_list: z.array(z.string()).optional(),
});

/**
 * The owner's share calls in each face's style: JSON under /v2 with the drive token (newer
 * variant), forms under /v1 with the drive session (older variant). Both reach the same links.
 */
export function ownerRoutes(shares: ShareService) {
  const { deps } = shares;
  return async (app: FastifyInstance) => {
    const now = () => deps.clock.now();

    // ---- newer variant -----------------------------------------------------------------
    const v2 = accepts('drive');

    app.post(ShareApi.v2Create, v2, async (req) => {
      const b = parse(V2Create, req.body);
      const ids = b.file_id_list.map((id) => {
        const n = parseV2Id(id);
        if (n === null) throw notFound();
        return n;
      });
      const share = await shares.create(
        driveUser(req),
        ids,
        b.expire_days ?? SHARE_DEFAULT_EXPIRY_DAYS,
        b.share_pwd ?? undefined,
      );
      return ok(toV2Share(share, originOf(deps, req), now()));
    });

    app.post(ShareApi.v2List, v2, async (req) => {
      const b = parse(V2List, req.body);
      const rows = await shares.list(driveUser(req), b.limit + 1, decodeShareMarker(b.marker));
      const page = rows.slice(0, b.limit);
      const last = page.at(-1);
      const origin = originOf(deps, req);
      return ok({
        items: page.map((s) => toV2Share(s, origin, now())),
        next_marker: rows.length > b.limit && last ? encodeShareMarker(last) : '',
      });
    });

    app.post(ShareApi.v2Cancel, v2, async (req) => {
      const b = parse(V2Cancel, req.body);
      const ids = b.share_id_list ?? (b.share_id ? [b.share_id] : []);
      return ok({ share_id_list: await shares.cancel(driveUser(req), ids) });
    });

    // ---- older variant -------------------------------------------------------------------
    const v1 = accepts('drive-v1');
    const form = (req: FastifyRequest) => (req.body ?? {}) as Record<string, unknown>;

    app.post(ShareApi.v1Create, v1, async (req) => {
      const f = form(req);
      const ids = listOf(f.fids).map((v) => {
        const n = parseV1Id(v);
        if (n === null) throw notFound();
        return n;
      });
      // A form cannot tell "absent" from "empty" unless the field is left out: `pwd` absent → a
      // random code, `pwd=` → none.
      const share = await shares.create(driveUser(req), ids, f.period ?? SHARE_DEFAULT_EXPIRY_DAYS, f.pwd);
      return ok(toV1Share(share, originOf(deps, req), now()));
    });

    app.get(ShareApi.v1List, v1, async (req) => {
      const q = parse(
        z.object({
          page: z.coerce.number().int().min(1).default(1),
          size: z.coerce.number().int().min(1).max(SHARE_LIST_PAGE_SIZE).default(SHARE_LIST_PAGE_SIZE),
        }),
        req.query,
      );
      const { rows, total } = await shares.listPage(driveUser(req), q.page, q.size);
      const origin = originOf(deps, req);
      const data: V1ShareRecord = {
        list: rows.map((s) => toV1Share(s, origin, now())),
        total,
        page: q.page,
        size: q.size,
      };
      return ok(data);
    });

    app.post(ShareApi.v1Cancel, v1, async (req) => {
      const ids = listOf(form(req).shareIds);
      if (ids.length === 0) throw invalid('shareIds');
      const done = await shares.cancel(driveUser(req), ids);
      return ok({ count: done.length });
    });
  };
}
