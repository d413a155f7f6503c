import { PhotoApi } from '@phonecloud/shared';

/**
 * The newest photos asked for beside the index: a few months of a phone's usual hundred or two a
 * month, so that the first screen's are there whole (a busier month is asked for on its own).
 */
export const NEWEST_PAGE = 600;

/**
 * The whole timeline's first two calls, which the portal's page starts itself, before its
 * scripts have loaded, when it is opened on one of `only` (vite.config.ts names the same calls
 * for build/area-preload.ts; area-preload.test.ts holds the two equal).
 */
export const PHOTO_OPENING = {
  months: { path: PhotoApi.months, json: {} },
  newest: { path: PhotoApi.timeline, json: { limit: NEWEST_PAGE } },
  only: ['/photo', '/photo/', '/photo/index', '/photo/index/'],
} as const;
