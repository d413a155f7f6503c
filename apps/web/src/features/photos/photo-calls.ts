import {
  PHOTO_PAGE_MAX,
  type PhotoAlbum,
  PhotoApi,
  type PhotoDetail,
  type PhotoItem,
  type PhotoMonth,
  type PhotoPage,
  type PhotoPlace,
  type PhotoSettings,
} from '@phonecloud/shared';
import type { PhotoFilter, PhotoSettingsSave } from '@phonecloud/shared/api';
import { api, type CallOptions } from '../../api';
import { PHOTO_OPENING } from './photo-early';

/** Every call names the area, so that a 6001 leads to /photo.check. */
const AREA: CallOptions = { area: 'photo', netError: '网络异常，请稍后重试' };

/** A call the page's HTML may have started already (apps/web/build/area-preload.ts). */
const EARLY: CallOptions = { ...AREA, early: true };

/** A page of the month, as many as the server gives at once: most months are one call. */
const MONTH_PAGE = PHOTO_PAGE_MAX;
/** A page of the recycle bin. */
export const BIN_PAGE = 120;

function lastDay(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/** The month's own range inside the filter's: a search's dates narrow the month, never widen it. */
function monthRange(month: string, filter: PhotoFilter): { from: string; to: string } {
  const first = `${month}-01`;
  const last = lastDay(month);
  return {
    from: filter.from && filter.from > first ? filter.from : first,
    to: filter.to && filter.to < last ? filter.to : last,
  };
}

const post = <T>(path: string, body: unknown) => api.postJson<T>(path, body, AREA);

/** The photo calls (docs/photos.md), typed with the shared contract. */
export const photoCalls = {
  months: (filter: PhotoFilter = {}) =>
    post<{ months: PhotoMonth[] }>(PhotoApi.months, filter).then((d) => d.months),
  /** Every item of one month, newest first (page after page while the month goes on). */
  async month(month: string, filter: PhotoFilter = {}): Promise<PhotoItem[]> {
    const items: PhotoItem[] = [];
    let cursor = '';
    do {
      const page: PhotoPage = await post<PhotoPage>(PhotoApi.timeline, {
        ...filter,
        ...monthRange(month, filter),
        cursor: cursor || undefined,
        limit: MONTH_PAGE,
      });
      items.push(...page.items);
      cursor = page.next;
    } while (cursor);
    return items;
  },
  /** The whole timeline's month index, the page's early answer where it asked (photo-early.ts). */
  openingMonths: () =>
    api
      .postJson<{ months: PhotoMonth[] }>(PHOTO_OPENING.months.path, PHOTO_OPENING.months.json, EARLY)
      .then((d) => d.months),
  /** The newest photos of the whole timeline across months (a first screen's worth or more), the page's early answer where it asked. */
  openingNewest: () => api.postJson<PhotoPage>(PHOTO_OPENING.newest.path, PHOTO_OPENING.newest.json, EARLY),
  detail: (id: number) => post<PhotoDetail>(PhotoApi.detail, { id }),
  favourite: (ids: number[], favourite: boolean) =>
    post<{ updated: number }>(PhotoApi.favourite, { ids, favourite }),
  remove: (ids: number[]) => post<{ deleted: number }>(PhotoApi.delete, { ids }),
  /** A link that downloads the originals of `ids` as one zip (made by the server, valid minutes). */
  zipUrl: (ids: number[]) => post<{ url: string }>(PhotoApi.zipUrl, { ids }).then((d) => d.url),

  settings: () => post<PhotoSettings>(PhotoApi.settings, {}),
  /** `watch_folder` left out keeps the watch as it is; '' or null turns it off. */
  saveSettings: (body: PhotoSettingsSave) => post<PhotoSettings>(PhotoApi.settingsSave, body),

  binList: (cursor?: string) => post<PhotoPage>(PhotoApi.binList, { cursor, limit: BIN_PAGE }),
  binRecover: (ids: number[]) => post<{ recovered: number }>(PhotoApi.binRecover, { ids }),
  binDelete: (ids: number[]) => post<{ deleted: number }>(PhotoApi.binDelete, { ids }),
  binEmpty: () => post<{ deleted: number }>(PhotoApi.binEmpty, {}),

  albums: () => post<{ albums: PhotoAlbum[] }>(PhotoApi.albumList, {}).then((d) => d.albums),
  albumCreate: (name: string) => post<PhotoAlbum>(PhotoApi.albumCreate, { name }),
  albumRename: (albumId: number, name: string) =>
    post<PhotoAlbum>(PhotoApi.albumRename, { album_id: albumId, name }),
  albumDelete: (albumId: number) => post<Record<string, never>>(PhotoApi.albumDelete, { album_id: albumId }),
  albumAdd: (albumId: number, ids: number[]) =>
    post<PhotoAlbum>(PhotoApi.albumAdd, { album_id: albumId, ids }),
  albumRemove: (albumId: number, ids: number[]) =>
    post<PhotoAlbum>(PhotoApi.albumRemove, { album_id: albumId, ids }),
  albumCover: (albumId: number, photoId: number) =>
    post<PhotoAlbum>(PhotoApi.albumCover, { album_id: albumId, photo_id: photoId }),
};

export const thumbUrl = (id: number, size: 256 | 1024 = 256) => `${PhotoApi.thumb}/${id}?s=${size}`;
export const fileUrl = (id: number) => `${PhotoApi.file}/${id}`;

/** The map's calls (map/PlacesMap.tsx). */
export const placeCalls = {
  places: (cell: number, filter: PhotoFilter = {}) =>
    post<{ places: PhotoPlace[] }>(PhotoApi.places, { ...filter, cell }).then((d) => d.places),
  /** A page of the photos in a box (a place's grid cell), newest first. */
  inBox: (bbox: [number, number, number, number], cursor = '', filter: PhotoFilter = {}) =>
    post<PhotoPage>(PhotoApi.timeline, {
      ...filter,
      bbox,
      cursor: cursor || undefined,
      limit: PHOTO_PAGE_MAX,
    }),
};

/**
 * A filter as one text, its keys in order and the empty ones left out: the month queries of one
 * filter are found by it (an object in a query key would match every filter it is part of).
 */
export function filterKey(filter: PhotoFilter): string {
  const entries = Object.entries(filter)
    .filter(([, v]) => v !== undefined && v !== '')
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(entries);
}

/** The query keys: everything under 'photos', so one invalidation refreshes the area. */
export const photoKeys = {
  all: ['photos'] as const,
  months: (filter: PhotoFilter) => ['photos', 'months', filterKey(filter)] as const,
  month: (filter: PhotoFilter, month: string) => ['photos', 'month', filterKey(filter), month] as const,
  monthPrefix: (filter: PhotoFilter) => ['photos', 'month', filterKey(filter)] as const,
  detail: (id: number) => ['photos', 'detail', id] as const,
  albums: ['photos', 'albums'] as const,
  bin: ['photos', 'bin'] as const,
};
