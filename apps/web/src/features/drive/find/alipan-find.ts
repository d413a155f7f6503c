import {
  DRIVE_SEARCH_PAGE_SIZE,
  DriveApi,
  DriveFindApi,
  DriveMsg,
  type DrivePrefs,
  Msg,
  type V2File,
  type V2ListResult,
  type V2SearchResult,
} from '@phonecloud/shared';
import { api } from '../../../api';
import { driveBearer } from '../drive-session';
import { takePrefetchedList, takePrefetchedPrefs, v2ListBody } from '../listing/folder-prefetch';
import type { DriveItem } from '../types';
import type { DriveFinder } from './finder-types';

function v2<T>(path: string, body: Record<string, unknown>, netError: string): Promise<T> {
  return api.postJson<T>(path, body, { netError, headers: driveBearer });
}

export const v2Item = (f: V2File & { thumbnail?: string; thumbnail_large?: string }): DriveItem => ({
  id: f.file_id,
  name: f.name,
  type: f.type,
  size: f.size,
  mtime: Date.parse(f.updated_at),
  ...(f.thumbnail ? { thumbnail: f.thumbnail, thumbnailLarge: f.thumbnail_large } : {}),
  ...(f.damaged ? { damaged: true } : {}),
});

/** The newer variant's find and arrange calls (v2 JSON, bearer token). */
export const alipanFinder: DriveFinder = {
  async listPage(folderId, marker, order) {
    const page = await ((marker === null ? takePrefetchedList(folderId, order) : null) ??
      v2<V2ListResult>(DriveApi.v2List, v2ListBody(folderId, marker, order), Msg.NET_LIST));
    return { items: page.items.map(v2Item), next: page.next_marker || null };
  },

  async search(query, marker) {
    const page = await v2<V2SearchResult>(
      DriveFindApi.v2Search,
      { query, limit: DRIVE_SEARCH_PAGE_SIZE, ...(marker ? { marker } : {}) },
      Msg.NET_LIST,
    );
    return {
      hits: page.items.map((f) => ({
        ...v2Item(f),
        folderPath: f.parent_path,
        folderChain: f.parent_file_id_path,
      })),
      next: page.next_marker || null,
    };
  },

  prefs() {
    return takePrefetchedPrefs() ?? v2<DrivePrefs>(DriveFindApi.v2GetPrefs, {}, Msg.NET_LIST);
  },

  savePrefs(prefs) {
    return v2<DrivePrefs>(DriveFindApi.v2UpdatePrefs, { ...prefs }, Msg.NET_SERVER);
  },

  async createFolder(parentId, name) {
    const f = await v2<V2File>(
      DriveApi.v2Create,
      { parent_file_id: parentId, name, type: 'folder', check_name_mode: 'refuse' },
      DriveMsg.NET_MKDIR,
    );
    return f.file_id;
  },
};
