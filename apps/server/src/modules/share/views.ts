import {
  type ShareExpiryDays,
  type SharePublicItem,
  shareLink,
  type V1Share,
  type V2Share,
} from '@phonecloud/shared';
import { type DriveItem, FOLDER, v2Id } from '../drive/index.js';
import type { ShareKey, ShareWithItems } from './repo.js';
import { statusOf } from './service.js';

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());

export function toV2Share(s: ShareWithItems, origin: string, now: number): V2Share {
  return {
    share_id: s.public_id,
    share_url: shareLink(origin, s.public_id),
    share_pwd: s.code ?? '',
    share_name: s.title,
    file_id_list: s.itemIds.map((id) => v2Id(id)),
    expiration: iso(s.expires_at),
    expire_days: s.expire_days as ShareExpiryDays,
    created_at: iso(s.created_at),
    status: statusOf(s, now),
    view_count: s.view_count,
    download_count: s.download_count,
  };
}

export function toV1Share(s: ShareWithItems, origin: string, now: number): V1Share {
  return {
    shareId: s.public_id,
    link: shareLink(origin, s.public_id),
    pwd: s.code ?? '',
    typicalName: s.title,
    fids: s.itemIds,
    period: s.expire_days as ShareExpiryDays,
    expiredTime: s.expires_at ?? 0,
    ctime: s.created_at,
    status: statusOf(s, now),
    viewCount: s.view_count,
    downloadCount: s.download_count,
  };
}

/**
 * An item on the public page: its id, name, kind, size and time, and whether its stored bytes
 * are damaged; nothing about where it sits.
 */
export function toPublicItem(item: DriveItem, damaged = false): SharePublicItem {
  return {
    file_id: String(item.id),
    name: item.name,
    type: item.kind === FOLDER ? 'folder' : 'file',
    size: item.size,
    updated_at: iso(item.updated_at),
    ...(damaged ? { damaged: true } : {}),
  };
}

/** Opaque marker of the owner's list: the last share's time and id. */
export function encodeShareMarker(s: { created_at: number; public_id: string }): string {
  return Buffer.from(JSON.stringify([s.created_at, s.public_id])).toString('base64url');
}
export function decodeShareMarker(marker: unknown): ShareKey | undefined {
  if (typeof marker !== 'string' || marker === '') return undefined;
  try {
    const v: unknown = JSON.parse(Buffer.from(marker, 'base64url').toString('utf8'));
    if (Array.isArray(v) && typeof v[0] === 'number' && typeof v[1] === 'string') return [v[0], v[1]];
  } catch {
    // an unreadable marker starts from the top
  }
  return undefined;
}
