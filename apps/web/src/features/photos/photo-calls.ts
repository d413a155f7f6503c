import {
  PHOTO_PAGE_MAX,
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

/** Every call names the area, so that a 6001 leads to /photo.check. */
const AREA: CallOptions = { area: 'photo', netError: '网络异常，请稍后重试' };

/** A page of the month, as many as the server gives at once. */
const MONTH_PAGE = 300;

function lastDay(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/** The photo calls (docs/photos.md), typed with the shared contract. */
export const photoCalls = {
  months: (filter: PhotoFilter = {}) =>
    api.postJson<{ months: PhotoMonth[] }>(PhotoApi.months, filter, AREA).then((d) => d.months),
  /** Every item of one month, newest first (page after page while the month goes on). */
  async month(month: string, filter: PhotoFilter = {}): Promise<PhotoItem[]> {
    const items: PhotoItem[] = [];
    let cursor = '';
    do {
      const page: PhotoPage = await api.postJson<PhotoPage>(
        PhotoApi.timeline,
        {
          ...filter,
          from: `${month}-01`,
          to: lastDay(month),
          cursor: cursor || undefined,
          limit: MONTH_PAGE,
        },
        AREA,
      );
      items.push(...page.items);
      cursor = page.next;
    } while (cursor);
    return items;
  },
  detail: (id: number) => api.postJson<PhotoDetail>(PhotoApi.detail, { id }, AREA),
  favourite: (ids: number[], favourite: boolean) =>
    api.postJson<{ updated: number }>(PhotoApi.favourite, { ids, favourite }, AREA),
  remove: (ids: number[]) => api.postJson<{ deleted: number }>(PhotoApi.delete, { ids }, AREA),
  settings: () => api.postJson<PhotoSettings>(PhotoApi.settings, {}, AREA),
  /** `watch_folder` left out keeps the watch as it is; '' or null turns it off. */
  saveSettings: (body: PhotoSettingsSave) => api.postJson<PhotoSettings>(PhotoApi.settingsSave, body, AREA),
};

export const thumbUrl = (id: number, size: 256 | 1024 = 256) => `${PhotoApi.thumb}/${id}?s=${size}`;
export const fileUrl = (id: number) => `${PhotoApi.file}/${id}`;

/** The map's calls (map/PlacesMap.tsx) and the zip download of a selection. */
export const placeCalls = {
  places: (cell: number, filter: PhotoFilter = {}) =>
    api.postJson<{ places: PhotoPlace[] }>(PhotoApi.places, { ...filter, cell }, AREA).then((d) => d.places),
  /** A page of the photos in a box (a place's grid cell), newest first. */
  inBox: (bbox: [number, number, number, number], cursor = '', filter: PhotoFilter = {}) =>
    api.postJson<PhotoPage>(
      PhotoApi.timeline,
      { ...filter, bbox, cursor: cursor || undefined, limit: PHOTO_PAGE_MAX },
      AREA,
    ),
  /** A link (valid a few minutes) that downloads these photos' originals as one zip. */
  zipUrl: (ids: number[]) => api.postJson<{ url: string }>(PhotoApi.zipUrl, { ids }, AREA).then((d) => d.url),
};
