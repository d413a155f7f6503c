import {
  DRIVE_ROOT_ID,
  DRIVE_V2_PAGE_SIZE,
  DriveApi,
  DriveMsg,
  formatSize,
  Msg,
  PreviewApi,
  V2_BATCH_MAX,
  type V2BatchRequest,
  type V2BatchResponse,
  type V2CreateFileResult,
  type V2DownloadUrl,
  type V2Drive,
  type V2File,
  type V2ListResult,
  type V2PartInfo,
  type V2PreviewUrl,
} from '@phonecloud/shared';
import { ApiError, api, isApiError } from '../../../api';
import { driveBearer, ensureDriveToken } from '../drive-session';
import type { DriveBackend, DriveItem, ItemResult, RecycleEntry } from '../types';
import { throwUnlessAllPassed } from '../upload/batch-outcome';

/** Every v2 call: JSON with the bearer token, read again on the retry after a 2003. */
function v2<T>(path: string, body: Record<string, unknown>, netError: string): Promise<T> {
  return api.postJson<T>(path, body, { netError, headers: driveBearer });
}

const toItem = (f: V2File): DriveItem => ({
  id: f.file_id,
  name: f.name,
  type: f.type,
  size: f.size,
  mtime: Date.parse(f.updated_at),
  ...(f.thumbnail ? { thumbnail: f.thumbnail, thumbnailLarge: f.thumbnail_large } : {}),
  ...(f.damaged ? { damaged: true } : {}),
});

/** One `/v2/batch` of the same call over many items: each item's outcome, in order. */
async function batchResults(url: string, bodies: Record<string, unknown>[], netError: string) {
  const results: ItemResult[] = [];
  for (let i = 0; i < bodies.length; i += V2_BATCH_MAX) {
    const slice = bodies.slice(i, i + V2_BATCH_MAX);
    const { responses } = await v2<{ responses: V2BatchResponse[] }>(
      DriveApi.v2Batch,
      {
        resource: 'file',
        requests: slice.map((body, n): V2BatchRequest => ({ id: String(i + n), method: 'POST', url, body })),
      },
      netError,
    );
    for (const r of responses) {
      results.push({ code: r.status === 200 ? r.body.code : r.status, message: r.body.message });
    }
  }
  return results;
}

/** A batch that passes only when every item passed (the UI never sends more than 100). */
async function batch(url: string, bodies: Record<string, unknown>[], partialText: string, netError: string) {
  throwUnlessAllPassed(await batchResults(url, bodies, netError), partialText);
}

interface RecyclePage {
  items: Array<V2File & { trashed_at: string }>;
  next_marker: string;
}

/** What the upload host answers a part PUT whose signed URL has expired. */
const PART_URL_REFUSED = 403;

/** One part's bytes to its signed URL, which carries the credential. */
function putPart(url: string, body: Blob, onLoaded: (n: number) => void, signal: AbortSignal) {
  return api.upload(url, body, {
    method: 'PUT',
    tokenInAddress: true,
    signal,
    onProgress: onLoaded,
    byStatus: (status) => {
      // The server's own words for a refused URL are not for users: it reads as a failed upload address.
      if (status === PART_URL_REFUSED) throw new ApiError(status, DriveMsg.NET_UPLOAD_URL, 'business');
      return undefined;
    },
  });
}

/** The newer variant (`/alipan`): the v2 JSON API with a drive token. */
export const alipanBackend: DriveBackend = {
  variant: 'alipan',
  rootId: DRIVE_ROOT_ID,
  prepare: ensureDriveToken,

  async listPage(folderId, marker) {
    const page = await v2<V2ListResult>(
      DriveApi.v2List,
      { parent_file_id: folderId, limit: DRIVE_V2_PAGE_SIZE, marker: marker ?? '' },
      Msg.NET_LIST,
    );
    return { items: page.items.map(toItem), next: page.next_marker || null };
  },

  async folderName(folderId) {
    return (await v2<V2File>(DriveApi.v2Get, { file_id: folderId }, Msg.NET_LIST)).name;
  },

  async quota() {
    const d = await v2<V2Drive>(DriveApi.v2DriveGet, {}, Msg.NET_CAPACITY);
    return { used: d.used_size, total: d.total_size };
  },

  async createFolder(parentId, name) {
    await v2(
      DriveApi.v2Create,
      { parent_file_id: parentId, name, type: 'folder', check_name_mode: 'refuse' },
      DriveMsg.NET_MKDIR,
    );
  },

  async rename(item, name) {
    await v2(DriveApi.v2Update, { file_id: item.id, name }, DriveMsg.NET_RENAME);
  },

  move: (ids, targetId, onConflict) =>
    batchResults(
      '/file/move',
      ids.map((file_id) => ({
        file_id,
        to_parent_file_id: targetId,
        ...(onConflict ? { check_name_mode: onConflict } : {}),
      })),
      DriveMsg.NET_MOVE,
    ),

  remove: (ids) =>
    batch(
      '/file/delete',
      ids.map((file_id) => ({ file_id })),
      DriveMsg.DELETE_PARTIAL,
      DriveMsg.NET_DELETE,
    ),

  async downloadUrl(id) {
    return (await v2<V2DownloadUrl>(DriveApi.v2DownloadUrl, { file_id: id }, DriveMsg.NET_DOWNLOAD_URL)).url;
  },

  async previewUrl(id) {
    const p = await v2<V2PreviewUrl>(PreviewApi.v2PreviewUrl, { file_id: id }, DriveMsg.NET_DOWNLOAD_URL);
    return { url: p.url, kind: p.kind, size: p.size };
  },

  async zipUrl(ids) {
    return (await v2<{ url: string }>(DriveApi.v2ZipUrl, { file_id_list: ids }, DriveMsg.NET_DOWNLOAD_URL))
      .url;
  },

  async recycleList() {
    const all: RecycleEntry[] = [];
    let marker = '';
    do {
      const page = await v2<RecyclePage>(
        DriveApi.v2RecycleList,
        { limit: DRIVE_V2_PAGE_SIZE, marker },
        Msg.NET_LIST,
      );
      for (const f of page.items) all.push({ ...toItem(f), deletedAt: Date.parse(f.trashed_at) });
      marker = page.next_marker;
    } while (marker);
    return all;
  },

  restore: (ids) =>
    batch(
      '/recyclebin/restore',
      ids.map((file_id) => ({ file_id })),
      DriveMsg.RESTORE_PARTIAL,
      DriveMsg.NET_RESTORE,
    ),

  purge: (ids) =>
    batch(
      '/recyclebin/delete',
      ids.map((file_id) => ({ file_id })),
      DriveMsg.DELETE_PARTIAL,
      DriveMsg.NET_DELETE,
    ),

  async emptyRecycle() {
    await v2(DriveApi.v2RecycleClear, {}, DriveMsg.NET_DELETE);
  },

  /** file/create → PUT each part's bytes to its upload_url → file/complete (spec 000 §4). */
  async upload(file, parentId, onProgress, signal, conflict) {
    const created = await v2<V2CreateFileResult>(
      DriveApi.v2Create,
      {
        parent_file_id: parentId,
        name: file.name,
        type: 'file',
        size: file.size,
        // The user's choice on a name the folder holds; otherwise the server's default (keep both).
        ...(conflict ? { check_name_mode: conflict.choice } : {}),
      },
      DriveMsg.NET_UPLOAD_URL,
    );
    let parts = created.part_info_list;
    let start = 0;
    for (let i = 0; i < parts.length; i++) {
      const from = start;
      const size = parts[i]?.part_size ?? 0;
      const send = (url: string) =>
        putPart(
          url,
          file.slice(from, from + size),
          (loaded) => onProgress({ phase: 'sending', fraction: file.size ? (from + loaded) / file.size : 1 }),
          signal,
        );
      try {
        await send(parts[i]?.upload_url ?? '');
      } catch (err) {
        // Part URLs expire (60 min) long before the session (24 h): a slow big upload asks for
        // fresh ones and sends the part again, which the server takes as a replacement.
        if (!(isApiError(err) && err.code === PART_URL_REFUSED)) throw err;
        parts = (
          await v2<{ part_info_list: V2PartInfo[] }>(
            DriveApi.v2GetUploadUrl,
            { file_id: created.file_id, upload_id: created.upload_id },
            DriveMsg.NET_UPLOAD_URL,
          )
        ).part_info_list;
        await send(parts[i]?.upload_url ?? '');
      }
      start += size;
    }
    await v2(DriveApi.v2Complete, { file_id: created.file_id, upload_id: created.upload_id }, Msg.NET_SERVER);
    return 'uploaded';
  },

  formatSize,
  asksOnUploadConflict: true,
  texts: { folderExists: DriveMsg.FOLDER_EXISTS_V2, renameExists: DriveMsg.RENAME_EXISTS_V2 },
};
