import {
  BATCH_DELETE_MAX,
  BATCH_RESTORE_MAX,
  DRIVE_ROOT_NUMERIC_ID,
  DRIVE_V1_PAGE_SIZE,
  DriveApi,
  DriveCode,
  DriveHttp,
  DriveMsg,
  type NameConflictMode,
  RECYCLE_PAGE_SIZE,
  type V1BatchItem,
  type V1ListResult,
} from '@phonecloud/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accepts } from '../../../http/caller.js';
import { ok } from '../../../http/envelope.js';
import { AppError, invalid } from '../../../http/errors.js';
import { parse } from '../../../http/parse.js';
import { driveUser, issueClaims } from '../access/auth.js';
import { downloadUrl, originOf, zipUrl } from '../download/links.js';
import { folderMissing, notFound } from '../errors.js';
import { v1SortedList } from '../find/find-routes.js';
import { FILE } from '../items-repo.js';
import { thumbSigner } from '../preview/links.js';
import type { DriveService } from '../service.js';
import { damageOf, decodeMarker, encodeMarker, parseV1Id, toRecycle, toV1 } from './views.js';

/** `ids` as the spec sends them: "1,2,3" (a JSON array or repeated field is accepted too). */
function parseIds(raw: unknown): number[] {
  const list = Array.isArray(raw)
    ? raw
    : typeof raw === 'string'
      ? raw.replace(/^\[|\]$/g, '').split(',')
      : [raw];
  const ids = list.map((v) => parseV1Id(typeof v === 'string' ? v.replace(/"/g, '') : v));
  if (ids.length === 0 || ids.some((i) => i === null)) throw invalid('ids');
  return [...new Set(ids as number[])];
}
const folderId = (raw: unknown) => {
  if (raw === undefined || raw === '') return DRIVE_ROOT_NUMERIC_ID;
  const id = parseV1Id(raw);
  if (id === null) throw folderMissing();
  return id;
};

/**
 * One result per id; the call's own code is 0 when all passed, else the first failure's code
 * with its text, or the partial-failure text when some passed (spec 000 §8).
 */
async function batch(
  reply: FastifyReply,
  ids: number[],
  partialMsg: string,
  fn: (id: number) => Promise<Partial<V1BatchItem> | undefined>,
) {
  const results: V1BatchItem[] = [];
  for (const id of ids) {
    try {
      results.push({ srcId: id, code: 0, ...(await fn(id)) });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ srcId: id, code: err.code, message: err.message });
    }
  }
  const failed = results.filter((r) => r.code !== 0);
  const first = failed[0];
  if (!first) return reply.send(ok(results));
  const message = failed.length < results.length ? partialMsg : (first.message ?? '');
  return reply.send({ code: first.code, message, data: results });
}

/** A same-name clash in the older variant answers HTTP 409 (with -2003 and the call's text). */
export async function or409<T>(reply: FastifyReply, fn: () => Promise<T>) {
  try {
    return reply.send(ok(await fn()));
  } catch (err) {
    if (err instanceof AppError && err.code === DriveCode.NAME_EXISTS) {
      return reply.status(DriveHttp.SAME_NAME).send({ code: err.code, message: err.message });
    }
    throw err;
  }
}

function limit(ids: number[], max: number, message: string) {
  if (ids.length > max) throw new AppError(DriveCode.BATCH_TOO_LARGE, message);
}

const opts = accepts('drive-v1');
const uid = driveUser;
const q = (req: FastifyRequest) => (req.query ?? {}) as Record<string, unknown>;
const b = (req: FastifyRequest) => (req.body ?? {}) as Record<string, unknown>;

/** The older variant under /v1 with the .json suffix: cookie session plus the refreshYun.do drive session. */
export function v1Routes(drive: DriveService) {
  return async (app: FastifyInstance) => {
    registerListingRoutes(app, drive);
    registerEditRoutes(app, drive);
    registerLinkRoutes(app, drive);
    registerRecycleRoutes(app, drive);
    registerInfoRoutes(app, drive);
  };
}

/** A folder's page and the quota. */
function registerListingRoutes(app: FastifyInstance, drive: DriveService): void {
  const deps = drive.deps;
  app.get(DriveApi.v1List, opts, async (req): Promise<ReturnType<typeof ok<V1ListResult>>> => {
    // Baidu's order=name|size|time (desc=1): keyset pages in that order (find-routes.ts).
    if (q(req).order !== undefined) return v1SortedList(drive, req, folderId(q(req).pid));
    const query = parse(
      z.object({
        pid: z.string().optional(),
        page: z.coerce.number().int().min(1).default(1),
        size: z.coerce.number().int().min(1).max(DRIVE_V1_PAGE_SIZE).default(DRIVE_V1_PAGE_SIZE),
        marker: z.string().optional(),
      }),
      q(req),
    );
    const userId = uid(req);
    const parent = await drive.liveFolder(userId, folderId(query.pid));
    const after = decodeMarker(query.marker);
    const offset = after ? 0 : (query.page - 1) * query.size;
    const rows = await drive.items.list(userId, parent.id, query.size + 1, after, offset);
    const page = rows.slice(0, query.size);
    const last = page.at(-1);
    const hasMore = rows.length > query.size;
    const thumbs = thumbSigner(deps, req, userId);
    const damage = await damageOf(drive, page);
    return ok({
      list: page.map((r) => ({ ...toV1(r, undefined, thumbs), ...damage(r) })),
      page: query.page,
      size: query.size,
      hasMore,
      marker: hasMore && last ? encodeMarker(last) : '',
    });
  });

  app.get(DriveApi.v1Quota, opts, async (req) => {
    const u = await drive.quota.usage(uid(req));
    return ok({ used: u.used, total: u.total });
  });
}

/** `ondup` of moveOndup.json (Baidu's words); anything else is the spec's refusal. */
function ondupMode(ondup: unknown): NameConflictMode {
  if (ondup === 'newcopy') return 'auto_rename';
  if (ondup === 'overwrite') return 'overwrite';
  return 'refuse';
}

/** New folders, renames and moves. */
function registerEditRoutes(app: FastifyInstance, drive: DriveService): void {
  app.post(DriveApi.v1Add, opts, async (req, reply) => {
    const body = b(req);
    if (body.type !== undefined && body.type !== 'folder' && body.type !== '0') throw invalid('type');
    return or409(reply, async () =>
      toV1(await drive.createFolder(uid(req), folderId(body.pid), body.name, 'v1')),
    );
  });

  app.post(DriveApi.v1Rename, opts, async (req, reply) => {
    const id = parseV1Id(b(req).id);
    if (id === null) throw notFound();
    return or409(reply, async () => toV1(await drive.rename(uid(req), id, b(req).name, 'v1')));
  });

  // The spec's move refuses a taken name; the product's route beside it takes `ondup`.
  for (const path of [DriveApi.v1Move, DriveApi.v1MoveOndup]) {
    app.post(path, opts, async (req, reply) => {
      const body = b(req);
      if (body.targetId === undefined || body.targetId === '') throw invalid(DriveMsg.MOVE_NO_TARGET);
      const targetId = folderId(body.targetId);
      const mode = path === DriveApi.v1Move ? 'refuse' : ondupMode(body.ondup);
      const ids = parseIds(body.ids);
      limit(ids, BATCH_DELETE_MAX, DriveMsg.DELETE_LIMIT);
      return batch(reply, ids, DriveMsg.MOVE_PARTIAL, async (id) => {
        await drive.move(uid(req), id, targetId, undefined, mode);
        return { targetId };
      });
    });
  }
}

/** Signed URLs: download, upload, a zip of several items. */
function registerLinkRoutes(app: FastifyInstance, drive: DriveService): void {
  const deps = drive.deps;
  app.post(DriveApi.v1DownloadUrl, opts, async (req) => {
    const userId = uid(req);
    const list = [];
    for (const id of parseIds(b(req).ids)) {
      const item = await drive.liveItem(userId, id);
      if (item.kind !== FILE) throw notFound();
      list.push({ id, name: item.name, url: downloadUrl(deps, req, userId, item).url });
    }
    return ok({ url: list[0]?.url ?? '', list });
  });

  app.post(DriveApi.v1UploadUrl, opts, async (req) => {
    const session = req.session;
    if (!session) throw notFound();
    const { token, exp } = issueClaims(deps, session, 'upload');
    return ok({ token, secureUploadDomain: deps.config.uploadBaseUrl ?? originOf(deps, req), expire: exp });
  });

  app.post(DriveApi.v1PackageUrl, opts, async (req) => {
    const { url, name } = await zipUrl(drive, req, uid(req), parseIds(b(req).ids));
    return ok({ url, name });
  });
}

/** The recycle bin: moving in, purging, restoring, emptying, its page. */
function registerRecycleRoutes(app: FastifyInstance, drive: DriveService): void {
  app.post(DriveApi.v1Remove, opts, async (req, reply) => {
    const ids = parseIds(b(req).ids);
    limit(ids, BATCH_DELETE_MAX, DriveMsg.DELETE_LIMIT);
    return batch(reply, ids, DriveMsg.DELETE_PARTIAL, async (id) => {
      await drive.trash(uid(req), id);
      return undefined;
    });
  });

  app.post(DriveApi.v1Delete, opts, async (req, reply) => {
    const ids = parseIds(b(req).ids);
    limit(ids, BATCH_DELETE_MAX, DriveMsg.DELETE_LIMIT);
    return batch(reply, ids, DriveMsg.DELETE_PARTIAL, async (id) => {
      await drive.purge(uid(req), id);
      return undefined;
    });
  });

  app.post(DriveApi.v1Restore, opts, async (req, reply) => {
    const ids = parseIds(b(req).ids);
    limit(ids, BATCH_RESTORE_MAX, DriveMsg.RESTORE_LIMIT);
    return batch(reply, ids, DriveMsg.RESTORE_PARTIAL, async (id) => {
      const item = await drive.restore(uid(req), id);
      return { targetId: item.parent_id ?? DRIVE_ROOT_NUMERIC_ID };
    });
  });

  app.post(DriveApi.v1Empty, opts, async (req) => ok({ deleted: await drive.emptyTrash(uid(req)) }));

  app.get(DriveApi.v1Recycle, opts, async (req) => {
    const query = parse(
      z.object({
        page: z.coerce.number().int().min(1).default(1),
        size: z.coerce.number().int().min(1).max(RECYCLE_PAGE_SIZE).default(RECYCLE_PAGE_SIZE),
      }),
      q(req),
    );
    const userId = uid(req);
    const rows = await drive.items.trashPage(userId, query.size, (query.page - 1) * query.size);
    return ok({
      list: rows.map(toRecycle),
      total: await drive.items.trashCount(userId),
      page: query.page,
      size: query.size,
    });
  });
}

/** One item by path or by id, with its path. */
function registerInfoRoutes(app: FastifyInstance, drive: DriveService): void {
  const deps = drive.deps;
  app.get(DriveApi.v1InfoByPath, opts, async (req) => {
    const path = q(req).path;
    if (typeof path !== 'string') throw notFound();
    const item = await drive.byPath(uid(req), path);
    return ok({
      ...toV1(item, undefined, thumbSigner(deps, req, uid(req))),
      ...(await damageOf(drive, [item]))(item),
      path: await drive.pathOf(uid(req), item.id),
    });
  });

  app.get(DriveApi.v1InfoById, opts, async (req) => {
    const id = parseV1Id(q(req).id);
    if (id === null) throw notFound();
    const item = await drive.liveItem(uid(req), id);
    return ok({
      ...toV1(item, undefined, thumbSigner(deps, req, uid(req))),
      ...(await damageOf(drive, [item]))(item),
      path: await drive.pathOf(uid(req), item.id),
    });
  });
}
