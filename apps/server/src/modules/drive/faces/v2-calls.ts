import {
  DRIVE_URL_TTL_MINUTES,
  DRIVE_V2_PAGE_SIZE,
  DriveCode,
  DriveMsg,
  type V2CreateFileResult,
  type V2DownloadUrl,
  type V2ListResult,
} from '@phonecloud/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, invalid } from '../../../http/errors.js';
import { parse } from '../../../http/parse.js';
import { downloadUrl, partUrl, zipUrl } from '../download/links.js';
import { notFound } from '../errors.js';
import { FILE, FOLDER } from '../items-repo.js';
import { thumbSigner } from '../preview/links.js';
import type { DriveService } from '../service.js';
import { partLength, type UploadNameMode, type UploadRow, type Uploads } from '../upload/uploads.js';
import { damageOf, decodeMarker, encodeMarker, parseV2Id, toV2, v2Id } from './views.js';

export interface V2Ctx {
  req: FastifyRequest;
  userId: number;
  /** The portal session behind the drive token. */
  sessionId: string;
  driveId: string;
}
export type V2Call = (ctx: V2Ctx, body: unknown) => Promise<unknown>;

const FileId = z.string({ message: 'file_id' });
const Base = z.object({ drive_id: z.string().optional() });
const Limit = z.coerce.number().int().min(1).max(DRIVE_V2_PAGE_SIZE).default(DRIVE_V2_PAGE_SIZE);
const NameMode = z.enum(['refuse', 'auto_rename', 'ignore', 'overwrite']).optional();

/** The drive of the token only: another drive's id is "not found", as another user's items are. */
function body<S extends z.ZodType>(ctx: V2Ctx, schema: S, raw: unknown): z.output<S> {
  const b = parse(schema, raw) as z.output<S> & { drive_id?: string };
  if (b.drive_id !== undefined && b.drive_id !== ctx.driveId) throw notFound();
  return b;
}
function id(value: string): number {
  const n = parseV2Id(value);
  if (n === null) throw notFound();
  return n;
}

/** Every v2 call by its path after /v2; routes and `batch` dispatch through this one table. */
export function v2Calls(drive: DriveService, uploads: Uploads): Record<string, V2Call> {
  return {
    ...listingCalls(drive),
    ...uploadCalls(drive, uploads),
    ...editCalls(drive),
    ...linkCalls(drive),
    ...recycleCalls(drive),
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

async function sha1Of(drive: DriveService, key: string | null) {
  return key ? (await drive.blobIndex.byKey(key))?.sha1 : undefined;
}

/** The signed upload URL of every part of an upload session. */
function partInfoList(deps: DriveService['deps'], ctx: V2Ctx, u: UploadRow, exp: number) {
  return Array.from({ length: u.part_count }, (_, i) => ({
    part_number: i + 1,
    part_size: partLength(u, i + 1) ?? 0,
    upload_url: partUrl(deps, ctx.req, ctx, u.id, i + 1, exp),
  }));
}

/** The drive, a folder's page, the scan of every item, one item. */
function listingCalls(drive: DriveService): Record<string, V2Call> {
  const deps = drive.deps;
  return {
    '/drive/get': async (ctx, raw) => {
      body(ctx, Base, raw);
      const q = await drive.quota.usage(ctx.userId);
      return { drive_id: ctx.driveId, used_size: q.used, total_size: q.total };
    },

    '/file/list': async (ctx, raw): Promise<V2ListResult> => {
      const b = body(
        ctx,
        Base.extend({ parent_file_id: FileId, limit: Limit, marker: z.string().optional() }),
        raw,
      );
      const parent = await drive.liveFolder(ctx.userId, id(b.parent_file_id));
      const rows = await drive.items.list(ctx.userId, parent.id, b.limit + 1, decodeMarker(b.marker));
      const page = rows.slice(0, b.limit);
      const last = page.at(-1);
      const thumbs = thumbSigner(deps, ctx.req, ctx.userId);
      const damage = await damageOf(drive, page);
      return {
        items: page.map((r) => ({ ...toV2(r, ctx.driveId, undefined, thumbs), ...damage(r) })),
        next_marker: rows.length > b.limit && last ? encodeMarker(last) : '',
      };
    },

    '/file/scan': async (ctx, raw): Promise<V2ListResult> => {
      const b = body(
        ctx,
        Base.extend({
          limit: Limit,
          marker: z.string().optional(),
          category: z.enum(['folder', 'file']).optional(),
        }),
        raw,
      );
      const after = b.marker ? (parseV2Id(b.marker) ?? 0) : 0;
      const kind = b.category === undefined ? undefined : b.category === 'folder' ? FOLDER : FILE;
      const rows = await drive.items.scan(ctx.userId, after, b.limit + 1, kind);
      const page = rows.slice(0, b.limit);
      const last = page.at(-1);
      const thumbs = thumbSigner(deps, ctx.req, ctx.userId);
      const damage = await damageOf(drive, page);
      return {
        items: page.map((r) => ({ ...toV2(r, ctx.driveId, undefined, thumbs), ...damage(r) })),
        next_marker: rows.length > b.limit && last ? v2Id(last.id) : '',
      };
    },

    '/file/get': async (ctx, raw) => {
      const b = body(ctx, Base.extend({ file_id: FileId }), raw);
      const item = await drive.liveItem(ctx.userId, id(b.file_id));
      const thumbs = thumbSigner(deps, ctx.req, ctx.userId);
      const damage = await damageOf(drive, [item]);
      return { ...toV2(item, ctx.driveId, await sha1Of(drive, item.blob_key), thumbs), ...damage(item) };
    },
  };
}

/** Upload sessions: creating a file (or a folder), its part URLs, completing it. */
function uploadCalls(drive: DriveService, uploads: Uploads): Record<string, V2Call> {
  const deps = drive.deps;
  return {
    '/file/create': async (ctx, raw) => {
      const b = body(
        ctx,
        Base.extend({
          parent_file_id: FileId,
          name: z.string({ message: DriveMsg.FOLDER_NAME_EMPTY }),
          type: z.enum(['folder', 'file']),
          size: z.coerce.number().int().min(0).optional(),
          check_name_mode: NameMode,
        }),
        raw,
      );
      const parentId = id(b.parent_file_id);
      if (b.type === 'folder') {
        const mode = b.check_name_mode === 'auto_rename' ? 'auto_rename' : 'refuse';
        return toV2(await drive.createFolder(ctx.userId, parentId, b.name, 'v2', mode), ctx.driveId);
      }
      if (b.size === undefined) throw invalid('size');
      const nameMode: UploadNameMode =
        b.check_name_mode === 'refuse'
          ? 'refuse'
          : b.check_name_mode === 'overwrite'
            ? 'overwrite'
            : 'auto_rename';
      const u = await uploads.create(ctx.userId, {
        parentId,
        name: b.name,
        size: b.size,
        face: 'v2',
        nameMode,
      });
      const exp = Math.min(u.expires_at, deps.clock.now() + DRIVE_URL_TTL_MINUTES * 60_000);
      const result: V2CreateFileResult = {
        file_id: v2Id(u.item_id),
        upload_id: u.id,
        parent_file_id: v2Id(u.parent_id),
        name: u.name,
        type: 'file',
        part_info_list: partInfoList(deps, ctx, u, exp),
      };
      return result;
    },

    '/file/get_upload_url': async (ctx, raw) => {
      const b = body(ctx, Base.extend({ file_id: FileId, upload_id: z.string() }), raw);
      const u = await uploads.session(ctx.userId, b.upload_id, 'v2');
      if (v2Id(u.item_id) !== b.file_id) throw notFound();
      const exp = Math.min(u.expires_at, deps.clock.now() + DRIVE_URL_TTL_MINUTES * 60_000);
      return {
        file_id: b.file_id,
        upload_id: u.id,
        part_info_list: partInfoList(deps, ctx, u, exp),
      };
    },

    '/file/complete': async (ctx, raw) => {
      const b = body(ctx, Base.extend({ file_id: FileId, upload_id: z.string() }), raw);
      const u = await uploads.session(ctx.userId, b.upload_id, 'v2');
      if (v2Id(u.item_id) !== b.file_id) throw notFound();
      const { item } = await uploads.complete(ctx.userId, u.id);
      return toV2(item, ctx.driveId, await sha1Of(drive, item.blob_key));
    },
  };
}

/** Renames, moves and moving to the recycle bin. */
function editCalls(drive: DriveService): Record<string, V2Call> {
  return {
    '/file/update': async (ctx, raw) => {
      const b = body(
        ctx,
        Base.extend({ file_id: FileId, name: z.string().optional(), check_name_mode: NameMode }),
        raw,
      );
      const item = await drive.liveItem(ctx.userId, id(b.file_id));
      if (b.name === undefined) return toV2(item, ctx.driveId);
      return toV2(await drive.rename(ctx.userId, item.id, b.name, 'v2'), ctx.driveId);
    },

    '/file/move': async (ctx, raw) => {
      const b = body(
        ctx,
        Base.extend({
          file_id: FileId,
          to_parent_file_id: z.string({ message: DriveMsg.MOVE_NO_TARGET }).min(1, DriveMsg.MOVE_NO_TARGET),
          to_drive_id: z.string().optional(),
          new_name: z.string().optional(),
          check_name_mode: NameMode,
        }),
        raw,
      );
      if (b.to_drive_id !== undefined && b.to_drive_id !== ctx.driveId) throw notFound();
      const target = parseV2Id(b.to_parent_file_id);
      if (target === null) throw new AppError(DriveCode.FOLDER_MISSING, DriveMsg.FOLDER_MISSING);
      const mode =
        b.check_name_mode === 'auto_rename' || b.check_name_mode === 'overwrite'
          ? b.check_name_mode
          : 'refuse';
      const moved = await drive.move(ctx.userId, id(b.file_id), target, b.new_name, mode);
      return { drive_id: ctx.driveId, file_id: v2Id(moved.id), parent_file_id: v2Id(moved.parent_id) };
    },

    '/file/delete': async (ctx, raw) => {
      const b = body(ctx, Base.extend({ file_id: FileId }), raw);
      await drive.trash(ctx.userId, id(b.file_id));
      return { drive_id: ctx.driveId, file_id: b.file_id };
    },
  };
}

/** Signed download URLs, of one file or a zip. */
function linkCalls(drive: DriveService): Record<string, V2Call> {
  const deps = drive.deps;
  return {
    '/file/get_download_url': async (ctx, raw): Promise<V2DownloadUrl> => {
      const b = body(ctx, Base.extend({ file_id: FileId }), raw);
      const item = await drive.liveItem(ctx.userId, id(b.file_id));
      if (item.kind !== FILE) throw notFound();
      const { url, exp } = downloadUrl(deps, ctx.req, ctx.userId, item);
      return { url, expiration: iso(exp), size: item.size, method: 'GET' };
    },

    '/file/get_zip_url': async (ctx, raw) => {
      const b = body(ctx, Base.extend({ file_id_list: z.array(FileId).min(1) }), raw);
      const { url, exp, name } = await zipUrl(drive, ctx.req, ctx.userId, b.file_id_list.map(id));
      return { url, expiration: iso(exp), name, method: 'GET' };
    },
  };
}

/** The recycle bin: its page, restoring, purging, emptying. */
function recycleCalls(drive: DriveService): Record<string, V2Call> {
  return {
    '/recyclebin/list': async (ctx, raw) => {
      const b = body(ctx, Base.extend({ limit: Limit, marker: z.string().optional() }), raw);
      const offset = b.marker ? Number(b.marker) || 0 : 0;
      const rows = await drive.items.trashPage(ctx.userId, b.limit + 1, offset);
      return {
        items: rows
          .slice(0, b.limit)
          .map((r) => ({ ...toV2(r, ctx.driveId), trashed_at: iso(r.trashed_at ?? 0) })),
        next_marker: rows.length > b.limit ? String(offset + b.limit) : '',
      };
    },

    '/recyclebin/restore': async (ctx, raw) => {
      const b = body(ctx, Base.extend({ file_id: FileId }), raw);
      const item = await drive.restore(ctx.userId, id(b.file_id));
      return { drive_id: ctx.driveId, file_id: b.file_id, parent_file_id: v2Id(item.parent_id) };
    },

    '/recyclebin/delete': async (ctx, raw) => {
      const b = body(ctx, Base.extend({ file_id: FileId }), raw);
      await drive.purge(ctx.userId, id(b.file_id));
      return { drive_id: ctx.driveId, file_id: b.file_id };
    },

    '/recyclebin/clear': async (ctx, raw) => {
      body(ctx, Base, raw);
      return { deleted: await drive.emptyTrash(ctx.userId) };
    },
  };
}
