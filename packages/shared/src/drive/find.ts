import { pinyin } from 'pinyin-pro';
import type { V1File, V2File } from './types.js';

/**
 * Find and arrange (issue 16): search by name over the whole drive, the orders of a folder's
 * listing, list or grid view, and the choice remembered per user. Both faces and the server import
 * these; docs/drive-find.md tells why they are as they are.
 */
export const DriveFindApi = {
  /** v2 (JSON POST, bearer): `{query, limit?, marker?}` → `V2SearchResult`. As Aliyun names it. */
  v2Search: '/v2/file/search',
  /** v2: `{}` → `DrivePrefs`. */
  v2GetPrefs: '/v2/drive/get_prefs',
  /** v2: `Partial<DrivePrefs>` → `DrivePrefs`. */
  v2UpdatePrefs: '/v2/drive/update_prefs',
  /** v1 (GET): `key, marker?, num?` → `V1SearchResult`. As Baidu names it. */
  v1Search: '/v1/files/search.json',
  /** v1 (GET) → `DrivePrefs`. */
  v1GetPrefs: '/v1/users/prefs.json',
  /** v1 (POST form): `sort?, dir?, view?` → `DrivePrefs`. */
  v1SetPrefs: '/v1/users/setPrefs.json',
} as const;

/** Texts of find and arrange (the spec leaves them "not shown"). */
export const DriveFindMsg = {
  QUERY_EMPTY: '请输入要搜索的文件名',
  BAD_ORDER: '不支持的排序方式',
  BAD_VIEW: '不支持的显示方式',
  BAD_MARKER: '翻页标记无效，请重新搜索',
} as const;

/** Hits per search page (both faces); a page may be asked smaller. */
export const DRIVE_SEARCH_PAGE_SIZE = 50;
/** A query longer than this is cut (names stop at 255 characters). */
export const DRIVE_SEARCH_MAX_CHARS = 100;

export const DRIVE_SORTS = ['name', 'size', 'time'] as const;
/** Name (natural: 2 before 10; Chinese by pinyin), size, or last change. Folders always come first. */
export type DriveSort = (typeof DRIVE_SORTS)[number];
export const DRIVE_SORT_DIRS = ['asc', 'desc'] as const;
export type DriveSortDir = (typeof DRIVE_SORT_DIRS)[number];
export const DRIVE_VIEWS = ['list', 'grid'] as const;
export type DriveView = (typeof DRIVE_VIEWS)[number];

/** How a user arranges the drive, the same on both faces. */
export interface DrivePrefs {
  sort: DriveSort;
  dir: DriveSortDir;
  view: DriveView;
}
export const DEFAULT_DRIVE_PREFS: DrivePrefs = { sort: 'name', dir: 'asc', view: 'list' };

/** v2 `/file/list` order fields (Aliyun's names) for each sort. */
export const V2_ORDER_BY: Record<DriveSort, 'name' | 'size' | 'updated_at'> = {
  name: 'name',
  size: 'size',
  time: 'updated_at',
};
/** v1 `list.json` `order` values (Baidu's names: `order=name|size|time`, `desc=1`). */
export const V1_ORDER: Record<DriveSort, 'name' | 'size' | 'time'> = {
  name: 'name',
  size: 'size',
  time: 'time',
};

/** A search hit: the item, the folder it is in (path from the root) and that folder's id chain. */
export interface V2SearchItem extends V2File {
  /** '/照片/2024' ('/' for the root). */
  parent_path: string;
  /** Ids from the root to the hit's folder: ['root', '1003', '1010'] (the route's chain). */
  parent_file_id_path: string[];
}
export interface V2SearchResult {
  items: V2SearchItem[];
  /** '' after the last hit. */
  next_marker: string;
}
export interface V1SearchItem extends V1File {
  /** Path of the folder the hit is in, '/' for the root. */
  parentPath: string;
  /** Ids from the root (999) to the hit's folder. */
  parentIds: number[];
}
export interface V1SearchResult {
  list: V1SearchItem[];
  hasMore: boolean;
  /** '' after the last hit. */
  marker: string;
}

/**
 * What a name is searched by: NFKC (full-width Latin typed by a Chinese IME matches the plain
 * letters) and lower-cased (full Unicode folding). The server stores it per item and folds the
 * query the same way.
 */
export function foldDriveName(name: string): string {
  return name.normalize('NFKC').toLowerCase();
}

/** A search query as the server uses it: trimmed, cut, folded; '' means "nothing to search". */
export function cleanDriveQuery(raw: string): string {
  return foldDriveName(raw.trim()).slice(0, DRIVE_SEARCH_MAX_CHARS).trim();
}

const HAN_RUN = /\p{Script=Han}+/u;
const SEGMENT = /(\d+)|(\p{Script=Han}+)|([^\d\p{Script=Han}]+)/gu;
/** Sorts before every letter and sign: numbers first, as file managers do. */
const NUMBER_MARK = '\u0001';
/** Ends a Chinese syllable: '阿' (a) sorts right after 'a' and before 'ab'. */
const SYLLABLE_END = '\u0002';
const syllables = new Map<string, string>();

function hanKey(run: string): string {
  let key = syllables.get(run);
  if (key !== undefined) return key;
  const spelled = pinyin(run, { toneType: 'num', type: 'array', v: true });
  key = spelled
    .map((s) => {
      const tone = /\d$/.test(s) ? s.slice(-1) : '0';
      return `${s.replace(/\d$/, '')}${SYLLABLE_END}${tone}`;
    })
    .join('');
  if (run.length <= 4) syllables.set(run, key);
  return key;
}

/**
 * The key a name sorts by, compared as plain strings (code points): natural order (digit runs by
 * value: '2' before '10'), case folded, Chinese by pinyin (then tone), so '阿' sits among the a's
 * and '张' before '中'. The server stores it per item (keyset paging in that order); the web sorts
 * items it adds to a loaded folder with the same key.
 */
export function driveNameKey(name: string): string {
  const n = foldDriveName(name);
  if (!HAN_RUN.test(n) && !/\d/.test(n)) return n;
  let out = '';
  for (const m of n.matchAll(SEGMENT)) {
    if (m[1] !== undefined) {
      const digits = m[1].replace(/^0+(?=\d)/, '');
      // The length first: a longer number is the bigger one.
      out += `${NUMBER_MARK}${String.fromCharCode(0x21 + Math.min(digits.length, 0x5d))}${digits}`;
    } else if (m[2] !== undefined) {
      out += hanKey(m[2]);
    } else {
      out += m[3] ?? '';
    }
  }
  return out;
}

/** Code-point order of two keys (the databases compare them bytewise / binary). */
export function compareKeys(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const d = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

interface Arrangeable {
  name: string;
  type: 'folder' | 'file';
  size: number;
  /** Epoch ms. */
  mtime: number;
}
/** Folders first, then the chosen order (ties by name key), as the server pages them. */
export function compareDriveItems(sort: DriveSort, dir: DriveSortDir) {
  const sign = dir === 'asc' ? 1 : -1;
  return (a: Arrangeable, b: Arrangeable): number => {
    if (a.type !== b.type) return a.type === 'folder' ? -1 : 1;
    const by = sort === 'size' ? a.size - b.size : sort === 'time' ? a.mtime - b.mtime : 0;
    return sign * (by || compareKeys(driveNameKey(a.name), driveNameKey(b.name)));
  };
}
