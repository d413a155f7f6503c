import {
  DEFAULT_DRIVE_PREFS,
  DRIVE_ROOT_ID,
  DRIVE_SORT_DIRS,
  DRIVE_SORTS,
  DRIVE_V2_PAGE_SIZE,
  DRIVE_VIEWS,
  DriveApi,
  DriveFindApi,
  type DrivePrefs,
  type DriveSort,
  type DriveSortDir,
  Msg,
  V2_ORDER_BY,
  type V2ListResult,
} from '@phonecloud/shared';
import { api } from '../../../api';
import { driveBearer, ensureDriveToken } from '../drive-session';
import { parseChain } from './chain';

// Kept in the portal's main bundle on purpose (app/areas.ts starts it): the calls of a folder the
// page is opened on go out while the drive's chunk is still downloading.

/** The order a listing is paged in. */
export interface ListOrder {
  sort: DriveSort;
  dir: DriveSortDir;
}

/** The last arrangement this browser saw, so the folder lists at once in it (the server's answer follows). */
const STORE_KEY = 'phonecloud.drive.prefs';

function isPrefs(v: unknown): v is DrivePrefs {
  const p = v as Partial<DrivePrefs> | null;
  return (
    !!p &&
    (DRIVE_SORTS as readonly unknown[]).includes(p.sort) &&
    (DRIVE_SORT_DIRS as readonly unknown[]).includes(p.dir) &&
    (DRIVE_VIEWS as readonly unknown[]).includes(p.view)
  );
}

export function rememberedPrefs(): DrivePrefs | undefined {
  try {
    const v: unknown = JSON.parse(window.localStorage.getItem(STORE_KEY) ?? 'null');
    return isPrefs(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

export function rememberPrefs(p: DrivePrefs): void {
  try {
    window.localStorage.setItem(STORE_KEY, JSON.stringify(p));
  } catch {
    // storage full or blocked: the server keeps the choice anyway
  }
}

/** The v2 list call's body for one page in an order (the finder's, and the prefetch's same page). */
export function v2ListBody(folderId: string, marker: string | null, order: ListOrder) {
  return {
    parent_file_id: folderId,
    limit: DRIVE_V2_PAGE_SIZE,
    marker: marker ?? '',
    order_by: V2_ORDER_BY[order.sort],
    order_direction: order.dir === 'asc' ? 'ASC' : 'DESC',
  };
}

// An answer older than this is not used: the drive was left before its chunk arrived.
const FRESH_MS = 30_000;

interface Prefetched<T> {
  at: number;
  answer: Promise<T>;
}
let list: (Prefetched<V2ListResult> & { folderId: string; order: ListOrder }) | null = null;
let prefs: Prefetched<DrivePrefs> | null = null;

function v2<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const answer = ensureDriveToken().then(() =>
    api.postJson<T>(path, body, { netError: Msg.NET_LIST, headers: driveBearer }),
  );
  // Never taken (the page went elsewhere first): its failure is nobody's to show.
  answer.catch(() => undefined);
  return answer;
}

/**
 * The page opened on a folder of the newer drive (`#/alipan/index/path=root.…`): its first page
 * (in the arrangement this browser saw last) and the user's arrangement are asked for now, with
 * the drive's token (which the page's HTML already asked for), instead of after the drive's code
 * has downloaded and drawn: the folder's first render finds them in.
 */
export function prefetchAlipanFolder(hash: string = window.location.hash): void {
  const rest = (hash.replace(/^#/, '').split('?')[0] ?? '').replace(/^\/alipan\//, '');
  const folderId = parseChain(rest, DRIVE_ROOT_ID)?.at(-1);
  if (!folderId) return;
  const remembered = rememberedPrefs() ?? DEFAULT_DRIVE_PREFS;
  const order = { sort: remembered.sort, dir: remembered.dir };
  const at = Date.now();
  list = {
    at,
    folderId,
    order,
    answer: v2<V2ListResult>(DriveApi.v2List, v2ListBody(folderId, null, order)),
  };
  prefs = { at, answer: v2<DrivePrefs>(DriveFindApi.v2GetPrefs, {}) };
}

/** The prefetched first page of this folder in this order, once, if fresh. */
export function takePrefetchedList(folderId: string, order: ListOrder): Promise<V2ListResult> | null {
  const p = list;
  list = null;
  if (!p || Date.now() - p.at >= FRESH_MS || p.folderId !== folderId) return null;
  return p.order.sort === order.sort && p.order.dir === order.dir ? p.answer : null;
}

/** The prefetched arrangement, once, if fresh. */
export function takePrefetchedPrefs(): Promise<DrivePrefs> | null {
  const p = prefs;
  prefs = null;
  return p && Date.now() - p.at < FRESH_MS ? p.answer : null;
}
