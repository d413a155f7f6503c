import {
  SHARE_LIST_PAGE_SIZE,
  ShareApi,
  type ShareExpiryDays,
  ShareMsg,
  type ShareStatus,
  type V1Share,
  type V1ShareRecord,
  type V2Share,
} from '@phonecloud/shared';
import type { DriveVariant } from '../../../api';
import { api } from '../../../api';
import { driveBearer, ensureDriveToken } from '../drive-session';
import { withPanSession as withSession } from '../pan/pan-api';

/** A share link as both faces' screens show it. */
export interface ShareEntry {
  id: string;
  url: string;
  /** '' when the link takes no code. */
  pwd: string;
  name: string;
  days: ShareExpiryDays;
  /** epoch ms; 0 for never. */
  expiresAt: number;
  createdAt: number;
  status: ShareStatus;
  views: number;
  downloads: number;
}

/** The code to create with: undefined → the server picks one, '' → none, else the owner's. */
export type CodeChoice = string | undefined;

export interface ShareOwnerApi {
  create(ids: string[], days: ShareExpiryDays, code: CodeChoice): Promise<ShareEntry>;
  list(): Promise<ShareEntry[]>;
  cancel(ids: string[]): Promise<void>;
}

const fromV2 = (s: V2Share): ShareEntry => ({
  id: s.share_id,
  url: s.share_url,
  pwd: s.share_pwd,
  name: s.share_name,
  days: s.expire_days,
  expiresAt: s.expiration ? Date.parse(s.expiration) : 0,
  createdAt: Date.parse(s.created_at),
  status: s.status,
  views: s.view_count,
  downloads: s.download_count,
});

const fromV1 = (s: V1Share): ShareEntry => ({
  id: s.shareId,
  url: s.link,
  pwd: s.pwd,
  name: s.typicalName,
  days: s.period,
  expiresAt: s.expiredTime,
  createdAt: s.ctime,
  status: s.status,
  views: s.viewCount,
  downloads: s.downloadCount,
});

function v2<T>(path: string, body: Record<string, unknown>, netError: string): Promise<T> {
  return ensureDriveToken().then(() => api.postJson<T>(path, body, { netError, headers: driveBearer }));
}

const alipanShares: ShareOwnerApi = {
  async create(ids, days, code) {
    const body: Record<string, unknown> = { file_id_list: ids, expire_days: days };
    if (code !== undefined) body.share_pwd = code;
    return fromV2(await v2<V2Share>(ShareApi.v2Create, body, ShareMsg.NET_CREATE));
  },
  async list() {
    const out: ShareEntry[] = [];
    let marker = '';
    do {
      const page = await v2<{ items: V2Share[]; next_marker: string }>(
        ShareApi.v2List,
        { limit: SHARE_LIST_PAGE_SIZE, marker },
        ShareMsg.NET_LIST,
      );
      out.push(...page.items.map(fromV2));
      marker = page.next_marker;
    } while (marker);
    return out;
  },
  async cancel(ids) {
    await v2(ShareApi.v2Cancel, { share_id_list: ids }, ShareMsg.NET_CANCEL);
  },
};

const panShares: ShareOwnerApi = {
  async create(ids, days, code) {
    const fields: Record<string, string> = { fids: ids.join(','), period: String(days) };
    if (code !== undefined) fields.pwd = code;
    const made = await withSession(() =>
      api.post<V1Share>(ShareApi.v1Create, fields, { netError: ShareMsg.NET_CREATE, area: 'pan' }),
    );
    return fromV1(made);
  },
  async list() {
    const out: ShareEntry[] = [];
    for (let page = 1; ; page++) {
      const r = await withSession(() =>
        api.get<V1ShareRecord>(ShareApi.v1List, {
          netError: ShareMsg.NET_LIST,
          area: 'pan',
          query: { page: String(page), size: String(SHARE_LIST_PAGE_SIZE) },
        }),
      );
      out.push(...r.list.map(fromV1));
      if (out.length >= r.total || r.list.length === 0) return out;
    }
  },
  async cancel(ids) {
    await withSession(() =>
      api.post(
        ShareApi.v1Cancel,
        { shareIds: ids.join(',') },
        { netError: ShareMsg.NET_CANCEL, area: 'pan' },
      ),
    );
  },
};

export function shareApiFor(variant: DriveVariant): ShareOwnerApi {
  return variant === 'alipan' ? alipanShares : panShares;
}
