import {
  DRIVE_ROOT_NUMERIC_ID,
  DRIVE_V1_PAGE_SIZE,
  DriveApi,
  DriveCode,
  DriveHttp,
  DriveMsg,
  formatSizeV1,
  Msg,
  PreviewApi,
  RECYCLE_FIRST_PAGE,
  RECYCLE_PAGE_SIZE,
  type V1BatchItem,
  type V1File,
  type V1ListResult,
  type V1PreviewUrl,
  type V1Quota,
  type V1RecycleItem,
} from '@phonecloud/shared';
import { api, type CallOptions, isApiError } from '../../../api';
import type { FormFields } from '../../../api/form-encoding';
import type { DriveBackend, DriveItem } from '../types';
import { panUpload } from './pan-upload';

// Renew the drive session a little before the server's expiry, so a call in flight does not
// carry a dead one.
const EARLY_MS = 30_000;
/** When the drive session this page holds ends (epoch ms); 0 before the page has one. */
let sessionUntil = 0;
/** The refreshYun.do in flight, shared by the calls that need a session meanwhile. */
let refreshing: Promise<void> | null = null;

/**
 * One refreshYun.do for every caller waiting on it: a folder's first calls (its name, the
 * listing, the quota) start together and would otherwise each meet a 401 and each refresh.
 */
export function refreshSession(): Promise<void> {
  refreshing ??= api
    .get<{ expire_time: number }>(DriveApi.refreshYun, { area: 'pan' })
    .then((r) => {
      sessionUntil = r.expire_time;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * A drive session before the first v1 call of a page: a cold open has none (its cookie is
 * HttpOnly, so the page cannot tell; it knows what refreshYun.do answered), and without it every
 * first call answered HTTP 401 before being retried.
 */
export function ensurePanSession(): Promise<void> {
  if (sessionUntil - EARLY_MS >= Date.now()) return Promise.resolve();
  return refreshSession();
}

/**
 * The older variant answers HTTP 401 when its drive session (a cookie of refreshYun.do) is
 * missing or expired (another tab signed in anew, the server restarted with a new key): refresh
 * it and try once more (spec 000 §4).
 */
export async function withPanSession<T>(run: () => Promise<T>): Promise<T> {
  await ensurePanSession();
  try {
    return await run();
  } catch (err) {
    if (!isApiError(err) || err.code !== DriveHttp.REFRESH) throw err;
    sessionUntil = 0;
    await refreshSession();
    return run();
  }
}

const opts = (netError: string): CallOptions => ({ netError, area: 'pan' });
/** A v1 GET or POST of the older variant, its drive session refreshed once on a 401. */
export const panGet = <T>(path: string, query: FormFields, netError: string) =>
  withPanSession(() => api.get<T>(path, { ...opts(netError), query }));
export const panPost = <T>(path: string, fields: FormFields, netError: string) =>
  withPanSession(() => api.post<T>(path, fields, opts(netError)));
/** A v1 file or folder as the drive's screens show it (with its thumbnails when it is a photo). */
export const v1Item = (f: V1File): DriveItem => ({
  id: String(f.id),
  name: f.name,
  type: f.type,
  size: f.size,
  mtime: f.mtime,
  ...(f.thumbs ? { thumbnail: f.thumbs.url1, thumbnailLarge: f.thumbs.url2 } : {}),
  ...(f.damaged ? { damaged: true } : {}),
});

/** Batches answer code 0 only when all passed; otherwise the client has already thrown the server's text. */
const ids = (list: readonly string[]) => list.join(',');

/** The older variant (`/pan`): the v1 `.json` API plus the upload host. */
export const panBackend: DriveBackend = {
  variant: 'pan',
  rootId: String(DRIVE_ROOT_NUMERIC_ID),
  // A missing verification answers 6001 to refreshYun.do, which leads to the gate.
  prepare: ensurePanSession,

  async listPage(folderId, marker) {
    const page = await panGet<V1ListResult>(
      DriveApi.v1List,
      { pid: folderId, size: DRIVE_V1_PAGE_SIZE, marker: marker ?? undefined },
      Msg.NET_LIST,
    );
    return { items: page.list.map(v1Item), next: page.hasMore && page.marker ? page.marker : null };
  },

  async folderName(folderId) {
    return (await panGet<V1File>(DriveApi.v1InfoById, { id: folderId }, Msg.NET_LIST)).name;
  },

  async quota() {
    const q = await panGet<V1Quota>(DriveApi.v1Quota, {}, Msg.NET_CAPACITY);
    return { used: q.used, total: q.total };
  },

  async createFolder(parentId, name) {
    await panPost(DriveApi.v1Add, { name, type: 'folder', pid: parentId }, DriveMsg.NET_MKDIR);
  },

  async rename(item, name) {
    await panPost(DriveApi.v1Rename, { id: item.id, name }, DriveMsg.NET_RENAME);
  },

  async move(list, targetId, onConflict) {
    // The spec's move.json first; only a choice on taken names goes to the product's route beside it.
    const fields = onConflict
      ? { ids: ids(list), targetId, ondup: onConflict === 'overwrite' ? 'overwrite' : 'newcopy' }
      : { ids: ids(list), targetId };
    const path = onConflict ? DriveApi.v1MoveOndup : DriveApi.v1Move;
    let answer: V1BatchItem[];
    try {
      answer = await panPost<V1BatchItem[]>(path, fields, DriveMsg.NET_MOVE);
    } catch (err) {
      // A refused batch still lists every id with its own code and text.
      if (!isApiError(err) || !Array.isArray(err.data)) throw err;
      answer = err.data as V1BatchItem[];
    }
    const byId = new Map(answer.map((r) => [String(r.srcId), r]));
    return list.map((id) => {
      const r = byId.get(id);
      return r ? { code: r.code, message: r.message } : { code: DriveCode.NOT_FOUND };
    });
  },

  async remove(list) {
    await panPost<V1BatchItem[]>(DriveApi.v1Remove, { ids: ids(list) }, DriveMsg.NET_DELETE);
  },

  async downloadUrl(id) {
    return (await panPost<{ url: string }>(DriveApi.v1DownloadUrl, { ids: id }, DriveMsg.NET_DOWNLOAD_URL))
      .url;
  },

  async previewUrl(id) {
    const p = await panPost<V1PreviewUrl>(PreviewApi.v1PreviewUrl, { id }, DriveMsg.NET_DOWNLOAD_URL);
    return { url: p.url, kind: p.kind, size: p.size };
  },

  async zipUrl(list) {
    return (
      await panPost<{ url: string }>(DriveApi.v1PackageUrl, { ids: ids(list) }, DriveMsg.NET_DOWNLOAD_URL)
    ).url;
  },

  async recycleList() {
    const page = await panGet<{ list: V1RecycleItem[] }>(
      DriveApi.v1Recycle,
      { page: RECYCLE_FIRST_PAGE, size: RECYCLE_PAGE_SIZE },
      Msg.NET_LIST,
    );
    return page.list.map((r) => ({
      id: String(r.id),
      name: r.name,
      type: r.type,
      size: r.size,
      mtime: r.deletedAt,
      deletedAt: r.deletedAt,
    }));
  },

  async restore(list) {
    await panPost(DriveApi.v1Restore, { ids: ids(list) }, DriveMsg.NET_RESTORE);
  },

  async purge(list) {
    await panPost(DriveApi.v1Delete, { ids: ids(list) }, DriveMsg.NET_DELETE);
  },

  async emptyRecycle() {
    await panPost(DriveApi.v1Empty, {}, DriveMsg.NET_DELETE);
  },

  upload: panUpload,
  asksOnUploadConflict: false,
  formatSize: formatSizeV1,
  texts: { folderExists: DriveMsg.FOLDER_EXISTS_V1, renameExists: null },
};
