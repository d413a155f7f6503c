/** A timeline or bin page: at most this many photos (the default when none is asked). */
export const PHOTO_PAGE_MAX = 1000;
export const PHOTO_PAGE_DEFAULT = 120;
/** Ids in one call (favourite, delete, album add/remove, bin recover/delete). */
export const PHOTO_IDS_MAX = 500;
/** Photos in one zip download. */
export const PHOTO_ZIP_MAX = 1000;
/** Minutes a zip link stays valid. */
export const PHOTO_ZIP_LINK_MINUTES = 10;
/** Hashes in one check or deleted call of the phone. */
export const PHOTO_HASHES_MAX = 1000;
/** Days a deleted photo stays in the recycle bin. */
export const PHOTO_BIN_DAYS = 30;
export const PHOTO_ALBUM_NAME_MAX = 40;
export const PHOTO_ALBUMS_MAX = 1000;
/** One photo or video from the phone: at most this many bytes (a long 4K video is past it). */
export const PHOTO_FILE_MAX_BYTES = 4 * 1024 * 1024 * 1024;
/** Thumbnail sizes (longer side, px): the grid's and the viewer's. */
export const PHOTO_THUMB_SIZES = [256, 1024] as const;
export type PhotoThumbSize = (typeof PHOTO_THUMB_SIZES)[number];
/** A Live Photo's still and video are one item when named alike and taken this close together. */
export const LIVE_PAIR_WINDOW_MS = 3_000;

/** What a file is, by its extension: the phone backs up these and nothing else. */
export const PHOTO_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'heic', 'heif', 'gif', 'avif'] as const;
export const PHOTO_VIDEO_EXTENSIONS = ['mp4', 'mov', 'm4v', '3gp'] as const;
export type PhotoKind = 'image' | 'video';

/** The kind a file name names, or null when it is neither a picture nor a video the area keeps. */
export function photoKindOf(name: string): PhotoKind | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  if ((PHOTO_IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return 'image';
  if ((PHOTO_VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return 'video';
  return null;
}

const SHA256 = /^[0-9a-f]{64}$/;
export function isSha256(value: string): boolean {
  return SHA256.test(value);
}

/** The watched folder's path, in characters. */
export const PHOTO_WATCH_PATH_MAX = 1000;

/**
 * The folder names of a watched folder's path (`/相册备份/2024/` → ['相册备份', '2024']), in the
 * drive's normal form (NFC); null when the path names nothing but the root or steps out of it
 * (`.`, `..`). An empty path is [] (the watch off).
 */
export function watchFolderNames(path: string): string[] | null {
  const trimmed = path.trim();
  if (trimmed === '') return [];
  const names = trimmed
    .normalize('NFC')
    .split('/')
    .filter((n) => n !== '');
  if (names.length === 0 || names.some((n) => n === '.' || n === '..')) return null;
  return names;
}
