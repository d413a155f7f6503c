import {
  DRIVE_SEARCH_PAGE_SIZE,
  DRIVE_V1_PAGE_SIZE,
  DRIVE_V2_PAGE_SIZE,
  DriveFindApi,
  DriveFindMsg,
  type DriveSort,
  type V1ListResult,
  type V1SearchResult,
  type V2ListResult,
  type V2SearchResult,
} from '@phonecloud/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accepts } from '../../../http/caller.js';
import { ok } from '../../../http/envelope.js';
import { invalid } from '../../../http/errors.js';
import { parse } from '../../../http/parse.js';
import { driveUser } from '../access/auth.js';
import { notFound } from '../errors.js';
import type { V2Call, V2Ctx } from '../faces/v2-calls.js';
import { damageOf, parseV2Id, toV1, toV2, v2Id } from '../faces/views.js';
import { thumbSigner } from '../preview/links.js';
import type { DriveService } from '../service.js';
import { DriveFind, hitFolder } from './find.js';

const V2_SORT: Record<string, DriveSort> = { name: 'name', size: 'size', updated_at: 'time' };
const V1_SORT: Record<string, DriveSort> = { name: 'name', size: 'size', time: 'time' };

function sortOf(map: Record<string, DriveSort>, value: string): DriveSort {
  const sort = map[value];
  if (!sort) throw invalid(DriveFindMsg.BAD_ORDER);
  return sort;
}
function v2Drive(ctx: V2Ctx, raw: unknown) {
  const driveId = (raw as { drive_id?: unknown } | null)?.drive_id;
  if (driveId !== undefined && driveId !== ctx.driveId) throw notFound();
}

/** `/file/search`: a page of hits by name, each with the path of its folder. */
async function v2Search(
  drive: DriveService,
  find: DriveFind,
  ctx: Parameters<V2Call>[0],
  raw: unknown,
): Promise<V2SearchResult> {
  v2Drive(ctx, raw);
  const b = parse(
    z.object({
      query: z.string({ message: DriveFindMsg.QUERY_EMPTY }),
      limit: z.coerce.number().int().min(1).max(DRIVE_V2_PAGE_SIZE).default(DRIVE_SEARCH_PAGE_SIZE),
      marker: z.string().optional(),
    }),
    raw,
  );
  const page = await find.search(ctx.userId, aliyunQuery(b.query), b.limit, b.marker || undefined);
  const thumbs = thumbSigner(drive.deps, ctx.req, ctx.userId);
  const damage = await damageOf(
    drive,
    page.hits.map((h) => h.item),
  );
  return {
    items: page.hits.map((h) => {
      const folder = hitFolder(h);
      return {
        ...toV2(h.item, ctx.driveId, undefined, thumbs),
        ...damage(h.item),
        parent_path: folder.path,
        parent_file_id_path: folder.ids.map(v2Id),
      };
    }),
    next_marker: page.next,
  };
}

/**
 * The v2 calls of find and arrange, over the base table: `/file/list` with Aliyun's
 * `order_by` / `order_direction` pages in that order (without them it is the base call),
 * `/file/search`, and the arrangement preference.
 */
export function findV2Calls(drive: DriveService, base: Record<string, V2Call>): Record<string, V2Call> {
  const find = new DriveFind(drive);
  const baseList = base['/file/list'];
  const Limit = z.coerce.number().int().min(1).max(DRIVE_V2_PAGE_SIZE).default(DRIVE_V2_PAGE_SIZE);
  return {
    '/file/list': async (ctx, raw): Promise<V2ListResult> => {
      const r = (raw ?? {}) as { order_by?: unknown };
      if (r.order_by === undefined && baseList) return (await baseList(ctx, raw)) as V2ListResult;
      v2Drive(ctx, raw);
      const b = parse(
        z.object({
          parent_file_id: z.string({ message: 'parent_file_id' }),
          limit: Limit,
          marker: z.string().optional(),
          order_by: z.string().default('name'),
          order_direction: z
            .string()
            .default('ASC')
            .transform((d) => d.toUpperCase()),
        }),
        raw,
      );
      if (b.order_direction !== 'ASC' && b.order_direction !== 'DESC') throw invalid(DriveFindMsg.BAD_ORDER);
      const folder = parseV2Id(b.parent_file_id);
      if (folder === null) throw notFound();
      const page = await find.list(
        ctx.userId,
        folder,
        sortOf(V2_SORT, b.order_by),
        b.order_direction === 'ASC' ? 'asc' : 'desc',
        b.limit,
        b.marker || undefined,
      );
      const thumbs = thumbSigner(drive.deps, ctx.req, ctx.userId);
      const damage = await damageOf(drive, page.rows);
      return {
        items: page.rows.map((r) => ({ ...toV2(r, ctx.driveId, undefined, thumbs), ...damage(r) })),
        next_marker: page.next,
      };
    },

    [DriveFindApi.v2Search.slice(3)]: (ctx, raw) => v2Search(drive, find, ctx, raw),

    [DriveFindApi.v2GetPrefs.slice(3)]: async (ctx, raw) => {
      v2Drive(ctx, raw);
      return find.prefs(ctx.userId);
    },

    [DriveFindApi.v2UpdatePrefs.slice(3)]: async (ctx, raw) => {
      v2Drive(ctx, raw);
      return find.savePrefs(ctx.userId, (raw ?? {}) as Record<string, unknown>);
    },
  };
}

/**
 * Aliyun's search takes a query expression (`name match "合同"`); a plain text is taken as the
 * name to find. Only the name condition is read.
 */
export function aliyunQuery(q: string): string {
  const m = /\bname\s+match\s+"((?:[^"\\]|\\.)*)"/.exec(q);
  return m ? (m[1] ?? '').replace(/\\(.)/g, '$1') : q;
}

/**
 * `list.json` with Baidu's `order=name|size|time` (and `desc=1`): a page in that order (called by
 * the v1 list route when `order` is given).
 */
export async function v1SortedList(drive: DriveService, req: FastifyRequest, folderId: number) {
  const query = parse(
    z.object({
      order: z.string(),
      desc: z.enum(['0', '1', 'true', 'false']).optional(),
      size: z.coerce.number().int().min(1).max(DRIVE_V1_PAGE_SIZE).default(DRIVE_V1_PAGE_SIZE),
      page: z.coerce.number().int().min(1).default(1),
      marker: z.string().optional(),
    }),
    req.query,
  );
  const userId = driveUser(req);
  const desc = query.desc === '1' || query.desc === 'true';
  const find = new DriveFind(drive);
  const page = await find.list(
    userId,
    folderId,
    sortOf(V1_SORT, query.order),
    desc ? 'desc' : 'asc',
    query.size,
    query.marker || undefined,
  );
  const thumbs = thumbSigner(drive.deps, req, userId);
  const damage = await damageOf(drive, page.rows);
  const result: V1ListResult = {
    list: page.rows.map((r) => ({ ...toV1(r, undefined, thumbs), ...damage(r) })),
    page: query.page,
    size: query.size,
    hasMore: page.next !== '',
    marker: page.next,
  };
  return ok(result);
}

/** v1 search and the arrangement preference (cookie session plus the drive session, CSRF on POST). */
export function findV1Routes(drive: DriveService) {
  const deps = drive.deps;
  const find = new DriveFind(drive);
  return async (app: FastifyInstance) => {
    const opts = accepts('drive-v1');

    app.get(DriveFindApi.v1Search, opts, async (req) => {
      const q = parse(
        z.object({
          key: z.string({ message: DriveFindMsg.QUERY_EMPTY }),
          num: z.coerce.number().int().min(1).max(DRIVE_V1_PAGE_SIZE).default(DRIVE_SEARCH_PAGE_SIZE),
          marker: z.string().optional(),
        }),
        req.query,
      );
      const userId = driveUser(req);
      const page = await find.search(userId, q.key, q.num, q.marker || undefined);
      const thumbs = thumbSigner(deps, req, userId);
      const damage = await damageOf(
        drive,
        page.hits.map((h) => h.item),
      );
      const result: V1SearchResult = {
        list: page.hits.map((h) => {
          const folder = hitFolder(h);
          return {
            ...toV1(h.item, undefined, thumbs),
            ...damage(h.item),
            parentPath: folder.path,
            parentIds: folder.ids,
          };
        }),
        hasMore: page.next !== '',
        marker: page.next,
      };
      return ok(result);
    });

    app.get(DriveFindApi.v1GetPrefs, opts, async (req) => ok(await find.prefs(driveUser(req))));

    app.post(DriveFindApi.v1SetPrefs, opts, async (req) =>
      ok(await find.savePrefs(driveUser(req), (req.body ?? {}) as Record<string, unknown>)),
    );
  };
}
