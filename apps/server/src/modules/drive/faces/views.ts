import {
  contentTypeOf,
  DRIVE_ROOT_ID,
  DRIVE_ROOT_NUMERIC_ID,
  extensionOf,
  type V1File,
  type V1RecycleItem,
  type V2File,
} from '@phonecloud/shared';
import { invalid } from '../../../http/errors.js';
import { FOLDER, type ItemRow } from '../items-repo.js';
import { type ThumbSigner, v1ThumbFields, v2ThumbFields } from '../preview/links.js';
import type { DriveService } from '../service.js';

/** v2 ids: 'root' for the root, the decimal item id otherwise; the same item in both faces. */
export function v2Id(id: number | null): string {
  return id === null || id === DRIVE_ROOT_NUMERIC_ID ? DRIVE_ROOT_ID : String(id);
}

/** A v2 file_id back to the item id, or null for anything that is not one. */
export function parseV2Id(value: unknown): number | null {
  if (value === DRIVE_ROOT_ID) return DRIVE_ROOT_NUMERIC_ID;
  if (typeof value !== 'string' || !/^[1-9]\d{0,14}$/.test(value)) return null;
  return Number(value);
}

/** A v1 numeric id from a form field or query value. */
export function parseV1Id(value: unknown): number | null {
  const s = typeof value === 'number' ? String(value) : value;
  if (typeof s !== 'string' || !/^[1-9]\d{0,14}$/.test(s.trim())) return null;
  return Number(s.trim());
}

/** `thumbs` signs the thumbnail links of images (list, scan and get answers). */
export function toV2(item: ItemRow, driveId: string, sha1?: string, thumbs?: ThumbSigner): V2File {
  const isFolder = item.kind === FOLDER;
  return {
    drive_id: driveId,
    file_id: v2Id(item.id),
    parent_file_id: v2Id(item.parent_id),
    name: item.name,
    type: isFolder ? 'folder' : 'file',
    size: item.size,
    created_at: new Date(item.created_at).toISOString(),
    updated_at: new Date(item.updated_at).toISOString(),
    ...(isFolder
      ? {}
      : {
          content_type: contentTypeOf(item.name),
          file_extension: extensionOf(item.name),
          ...(sha1 ? { content_hash: sha1.toUpperCase(), content_hash_name: 'sha1' as const } : {}),
          ...(thumbs ? v2ThumbFields(thumbs(item)) : {}),
        }),
  };
}

export function toV1(item: ItemRow, url?: string, thumbs?: ThumbSigner): V1File {
  return {
    id: item.id,
    pid: item.parent_id ?? 0,
    name: item.name,
    type: item.kind === FOLDER ? 'folder' : 'file',
    size: item.size,
    mtime: item.updated_at,
    ...(url ? { url } : {}),
    ...(thumbs ? v1ThumbFields(thumbs(item)) : {}),
  };
}

export function toRecycle(item: ItemRow): V1RecycleItem {
  return {
    id: item.id,
    type: item.kind === FOLDER ? 'folder' : 'file',
    name: item.name,
    pid: item.parent_id ?? DRIVE_ROOT_NUMERIC_ID,
    size: item.size,
    deletedAt: item.trashed_at ?? 0,
  };
}

/**
 * `{damaged: true}` for each of these rows whose stored bytes the store check found changed, `{}`
 * for the others: spread into an item's view (`V2File.damaged`, `V1File.damaged`).
 */
export async function damageOf(drive: DriveService, rows: readonly ItemRow[]) {
  const damaged = await drive.blobIndex.damagedAmong(rows.map((r) => r.blob_key));
  return (row: ItemRow): { damaged?: true } =>
    row.blob_key !== null && damaged.has(row.blob_key) ? { damaged: true } : {};
}

/** Opaque keyset marker of a listing page. */
export function encodeMarker(item: ItemRow): string {
  return Buffer.from(JSON.stringify([item.kind, item.name, item.id])).toString('base64url');
}
export function decodeMarker(marker: unknown): [number, string, number] | undefined {
  if (typeof marker !== 'string' || marker === '') return undefined;
  try {
    const v: unknown = JSON.parse(Buffer.from(marker, 'base64url').toString('utf8'));
    if (
      Array.isArray(v) &&
      typeof v[0] === 'number' &&
      typeof v[1] === 'string' &&
      typeof v[2] === 'number'
    ) {
      return [v[0], v[1], v[2]];
    }
  } catch {
    // falls through to the error below
  }
  throw invalid('marker');
}
