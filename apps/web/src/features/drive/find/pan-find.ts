import {
  DRIVE_SEARCH_PAGE_SIZE,
  DRIVE_V1_PAGE_SIZE,
  DriveApi,
  DriveFindApi,
  DriveMsg,
  type DrivePrefs,
  Msg,
  V1_ORDER,
  type V1File,
  type V1ListResult,
  type V1SearchResult,
} from '@phonecloud/shared';
import { panGet, panPost, v1Item } from '../pan/pan-api';
import type { DriveFinder } from './finder-types';

/** The older variant's find and arrange calls (v1 `.json`, Baidu's parameter names). */
export const panFinder: DriveFinder = {
  async listPage(folderId, marker, order) {
    const page = await panGet<V1ListResult>(
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
    const page = await panGet<V1SearchResult>(
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
    return panGet<DrivePrefs>(DriveFindApi.v1GetPrefs, {}, Msg.NET_LIST);
  },

  savePrefs(prefs) {
    return panPost<DrivePrefs>(DriveFindApi.v1SetPrefs, { ...prefs }, Msg.NET_SERVER);
  },

  async createFolder(parentId, name) {
    const f = await panPost<V1File>(
      DriveApi.v1Add,
      { name, type: 'folder', pid: parentId },
      DriveMsg.NET_MKDIR,
    );
    return String(f.id);
  },
};
