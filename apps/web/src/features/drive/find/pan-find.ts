import {
  DRIVE_SEARCH_PAGE_SIZE,
  DRIVE_V1_PAGE_SIZE,
  DriveApi,
  DriveFindApi,
  DriveHttp,
  DriveMsg,
  type DrivePrefs,
  Msg,
  V1_ORDER,
  type V1File,
  type V1ListResult,
  type V1SearchResult,
} from '@phonecloud/shared';
import { api, type CallOptions, isApiError } from '../../../api';
import type { FormFields } from '../../../api/form-encoding';
import { refreshSession } from '../pan/pan-api';
import type { DriveItem } from '../types';
import type { DriveFinder } from './finder';

/** A 401 refreshes the drive session once (refreshYun.do), as every v1 call. */
async function withSession<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!isApiError(err) || err.code !== DriveHttp.REFRESH) throw err;
    await refreshSession();
    return run();
  }
}
const opts = (netError: string): CallOptions => ({ netError, area: 'pan' });
const get = <T>(path: string, query: FormFields, netError: string) =>
  withSession(() => api.get<T>(path, { ...opts(netError), query }));
const post = <T>(path: string, fields: FormFields, netError: string) =>
  withSession(() => api.post<T>(path, fields, opts(netError)));

export const v1Item = (f: V1File & { thumbs?: { url1: string; url2: string } }): DriveItem => ({
  id: String(f.id),
  name: f.name,
  type: f.type,
  size: f.size,
  mtime: f.mtime,
  ...(f.thumbs ? { thumbnail: f.thumbs.url1, thumbnailLarge: f.thumbs.url2 } : {}),
});

/** The older variant's find and arrange calls (v1 `.json`, Baidu's parameter names). */
export const panFinder: DriveFinder = {
  async listPage(folderId, marker, order) {
    const page = await get<V1ListResult>(
      DriveApi.v1List,
      {
        pid: folderId,
        size: DRIVE_V1_PAGE_SIZE,
        marker: marker ?? undefined,
        order: V1_ORDER[order.sort],
        desc: order.dir === 'desc' ? 1 : 0,
      },
      Msg.NET_LIST,
    );
    return { items: page.list.map(v1Item), next: page.hasMore && page.marker ? page.marker : null };
  },

  async search(key, marker) {
    const page = await get<V1SearchResult>(
      DriveFindApi.v1Search,
      { key, num: DRIVE_SEARCH_PAGE_SIZE, marker: marker ?? undefined },
      Msg.NET_LIST,
    );
    return {
      hits: page.list.map((f) => ({
        ...v1Item(f),
        folderPath: f.parentPath,
        folderChain: f.parentIds.map(String),
      })),
      next: page.hasMore && page.marker ? page.marker : null,
    };
  },

  prefs() {
    return get<DrivePrefs>(DriveFindApi.v1GetPrefs, {}, Msg.NET_LIST);
  },

  savePrefs(prefs) {
    return post<DrivePrefs>(DriveFindApi.v1SetPrefs, { ...prefs }, Msg.NET_SERVER);
  },

  async createFolder(parentId, name) {
    const f = await post<V1File>(DriveApi.v1Add, { name, type: 'folder', pid: parentId }, DriveMsg.NET_MKDIR);
    return String(f.id);
  },
};
