import {
  DriveMsg,
  type PreviewKind,
  SHARE_TOKEN_HEADER,
  ShareApi,
  ShareMsg,
  type SharePublicInfo,
  type SharePublicList,
  type ShareVisit,
} from '@phonecloud/shared';
import { api } from '../../api';
import { downloadOrToast } from '../../components/download-frame';

/** `/share/preview_url`: `url` is '' when the file cannot be shown in the page. */
export interface SharePreview {
  url: string;
  kind: PreviewKind;
  size: number;
  content_type: string;
}

/**
 * The public share page's calls: no account, the link's id in every body and, after the code,
 * the visit token in a header. The token is kept for the tab only (sessionStorage), so a reload
 * does not ask for the code again while a new tab or browser does.
 */
const KEY = (id: string) => `share-visit:${id}`;

export interface StoredVisit {
  token: string;
  name: string;
}

export const visitStore = {
  get(id: string): StoredVisit | null {
    try {
      const raw = sessionStorage.getItem(KEY(id));
      const v: unknown = raw ? JSON.parse(raw) : null;
      if (v && typeof v === 'object' && typeof (v as StoredVisit).token === 'string') {
        return { token: (v as StoredVisit).token, name: String((v as StoredVisit).name ?? '') };
      }
    } catch {
      // unreadable: ask for the code again
    }
    return null;
  },
  set(id: string, visit: StoredVisit) {
    try {
      sessionStorage.setItem(KEY(id), JSON.stringify(visit));
    } catch {
      // private mode: the code is asked again after a reload
    }
  },
  clear(id: string) {
    try {
      sessionStorage.removeItem(KEY(id));
    } catch {
      // nothing kept
    }
  },
};

const opts = (token?: string) => ({
  netError: ShareMsg.NET_OPEN,
  stayOnLogout: true,
  headers: () => (token ? { [SHARE_TOKEN_HEADER]: token } : ({} as Record<string, string>)),
});

export const sharePublic = {
  info: (id: string) => api.postJson<SharePublicInfo>(ShareApi.info, { share_id: id }, opts()),
  open: (id: string, pwd: string) =>
    api.postJson<ShareVisit>(ShareApi.token, { share_id: id, share_pwd: pwd }, opts()),
  list: (id: string, token: string, folder: string | null, marker: string) =>
    api.postJson<SharePublicList>(
      ShareApi.list,
      { share_id: id, parent_file_id: folder ?? '', marker },
      opts(token),
    ),
  downloadUrl: (id: string, token: string, fileId: string) =>
    api.postJson<{ url: string }>(ShareApi.downloadUrl, { share_id: id, file_id: fileId }, opts(token)),
  previewUrl: (id: string, token: string, fileId: string) =>
    api.postJson<SharePreview>(ShareApi.previewUrl, { share_id: id, file_id: fileId }, opts(token)),
  zipUrl: (id: string, token: string, ids: string[]) =>
    api.postJson<{ url: string }>(ShareApi.zipUrl, { share_id: id, file_id_list: ids }, opts(token)),
};

/**
 * Starts a download of a signed URL through a hidden frame (an attachment: the page stays); a
 * refusal, such as a folder's zip holding a file found damaged, is said in a toast.
 */
export function startDownload(url: string): void {
  downloadOrToast(url, DriveMsg.DOWNLOAD_FAILED);
}
