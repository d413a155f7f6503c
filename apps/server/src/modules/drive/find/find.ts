import {
  cleanDriveQuery,
  DRIVE_ROOT_NUMERIC_ID,
  DRIVE_SEARCH_PAGE_SIZE,
  DRIVE_SORT_DIRS,
  DRIVE_SORTS,
  DRIVE_VIEWS,
  DriveFindMsg,
  type DrivePrefs,
  type DriveSort,
  type DriveSortDir,
} from '@phonecloud/shared';
import { invalid } from '../../../http/errors.js';
import type { DriveService } from '../service.js';
import { FindRepo, type Hit, type KeyedRow, type OrderKey } from './find-repo.js';

export interface SortedPage {
  rows: KeyedRow[];
  /** '' at the end. */
  next: string;
}
export interface SearchPage {
  hits: Hit[];
  next: string;
}

const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
function decode(marker: string): unknown {
  try {
    return JSON.parse(Buffer.from(marker, 'base64url').toString('utf8'));
  } catch {
    throw invalid(DriveFindMsg.BAD_MARKER);
  }
}

/** Search, ordered listings and the arrangement preference, for both faces (docs/drive-find.md). */
export class DriveFind {
  readonly repo: FindRepo;

  constructor(readonly drive: DriveService) {
    this.repo = new FindRepo(drive.deps.db);
  }

  /**
   * A page of a live folder in the chosen order, folders first. The marker names the order it
   * was made in: a marker of another order is refused rather than misread.
   */
  async list(
    userId: number,
    folderId: number,
    sort: DriveSort,
    dir: DriveSortDir,
    limit: number,
    marker?: string,
  ): Promise<SortedPage> {
    const parent = await this.drive.liveFolder(userId, folderId);
    let after: OrderKey | undefined;
    if (marker) {
      const m = decode(marker) as { s?: unknown; d?: unknown; k?: unknown };
      const k = m?.k;
      if (
        m?.s !== sort ||
        m?.d !== dir ||
        !Array.isArray(k) ||
        typeof k[0] !== 'number' ||
        (typeof k[1] !== 'number' && typeof k[1] !== 'string') ||
        typeof k[2] !== 'number'
      )
        throw invalid(DriveFindMsg.BAD_MARKER);
      after = [k[0], k[1], k[2]];
    }
    const rows = await this.repo.list(userId, parent.id, sort, dir, limit + 1, after);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const value = (r: KeyedRow) => (sort === 'name' ? r.sort_key : sort === 'size' ? r.size : r.updated_at);
    return {
      rows: page,
      next:
        rows.length > limit && last ? encode({ s: sort, d: dir, k: [last.kind, value(last), last.id] }) : '',
    };
  }

  /** A page of hits for a name query over the whole drive (live items only), in name order. */
  async search(userId: number, rawQuery: unknown, limit: number, marker?: string): Promise<SearchPage> {
    const query = typeof rawQuery === 'string' ? cleanDriveQuery(rawQuery) : '';
    if (query === '') throw invalid(DriveFindMsg.QUERY_EMPTY);
    await this.drive.open(userId);
    let after: [string, number] | undefined;
    if (marker) {
      const m = decode(marker) as { q?: unknown; k?: unknown };
      const k = m?.k;
      if (!Array.isArray(k) || typeof k[0] !== 'string' || typeof k[1] !== 'number')
        throw invalid(DriveFindMsg.BAD_MARKER);
      after = [k[0], k[1]];
    }
    const found = await this.repo.search(userId, query, limit + 1, after);
    const hits = found.slice(0, limit);
    const last = hits.at(-1);
    return {
      hits,
      next: found.length > limit && last ? encode({ k: [last.item.sort_key, last.item.id] }) : '',
    };
  }

  prefs(userId: number): Promise<DrivePrefs> {
    return this.repo.prefs(userId);
  }

  /** Changes the given fields; unknown values are refused with the field's text. */
  async savePrefs(
    userId: number,
    raw: { sort?: unknown; dir?: unknown; view?: unknown },
  ): Promise<DrivePrefs> {
    const current = await this.repo.prefs(userId);
    const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T, msg: string): T => {
      if (value === undefined || value === null || value === '') return fallback;
      if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
      throw invalid(msg);
    };
    const next: DrivePrefs = {
      sort: pick(raw.sort, DRIVE_SORTS, current.sort, DriveFindMsg.BAD_ORDER),
      dir: pick(raw.dir, DRIVE_SORT_DIRS, current.dir, DriveFindMsg.BAD_ORDER),
      view: pick(raw.view, DRIVE_VIEWS, current.view, DriveFindMsg.BAD_VIEW),
    };
    await this.repo.savePrefs(userId, next, this.drive.now());
    return next;
  }
}

/** The folder of a hit as a path ('/照片/2024', '/' for the root) and its id chain from the root. */
export function hitFolder(hit: Hit): { path: string; ids: number[] } {
  const below = hit.folders.filter((f) => f.id !== DRIVE_ROOT_NUMERIC_ID);
  return { path: `/${below.map((f) => f.name).join('/')}`, ids: hit.folders.map((f) => f.id) };
}

export const DEFAULT_SEARCH_LIMIT = DRIVE_SEARCH_PAGE_SIZE;
