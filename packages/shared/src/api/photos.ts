import { z } from 'zod';
import {
  PHOTO_ALBUM_NAME_MAX,
  PHOTO_FILE_MAX_BYTES,
  PHOTO_HASHES_MAX,
  PHOTO_IDS_MAX,
  PHOTO_PAGE_MAX,
  PHOTO_WATCH_PATH_MAX,
  PHOTO_ZIP_MAX,
  PhotoMsg,
} from '../photos/index.js';

const bad = { message: PhotoMsg.BAD_REQUEST };
const id = () => z.coerce.number<number>(bad).int(bad).positive(bad);
const Ids = z.array(id(), bad).min(1, bad).max(PHOTO_IDS_MAX, bad);
const Sha = z
  .string(bad)
  .regex(/^[0-9a-fA-F]{64}$/, PhotoMsg.BAD_HASH)
  .transform((s) => s.toLowerCase());
/** A day, `YYYY-MM-DD`, read as the camera's clock (the timeline's times carry no zone). */
const Day = z.string(bad).regex(/^\d{4}-\d{2}-\d{2}$/, bad);
const Lat = z.number(bad).min(-90, bad).max(90, bad);
const Lng = z.number(bad).min(-180, bad).max(180, bad);

/** The search: every filter optional, all given ones must hold. */
export const PhotoFilterBody = z.object({
  /** First and last day taken, inclusive. */
  from: Day.optional(),
  to: Day.optional(),
  /** Part of the maker or model ("iPhone", "Canon"). */
  camera: z.string(bad).max(100, bad).optional(),
  kind: z.enum(['image', 'video'], bad).optional(),
  /** Part of the place name ("杭州", "浙江"). */
  place: z.string(bad).max(100, bad).optional(),
  favourite: z.boolean(bad).optional(),
  album_id: id().optional(),
  /**
   * The map's box, WGS-84 degrees `[south, west, north, east]`: south ≤ latitude < north and
   * west ≤ longitude < east (west > east crosses the 180th meridian). Photos without a place fall out.
   */
  bbox: z
    .tuple([Lat, Lng, Lat, Lng], bad)
    .refine(([s, , n]) => s <= n, bad)
    .optional(),
});
export type PhotoFilter = z.infer<typeof PhotoFilterBody>;

export const PhotoTimelineBody = PhotoFilterBody.extend({
  /** The `next` of the page before. */
  cursor: z.string(bad).max(100, bad).optional(),
  /** Start at the end of this month (`2019-10`) instead of the newest: the scrubber's jump. */
  month: z
    .string(bad)
    .regex(/^\d{4}-\d{2}$/, bad)
    .optional(),
  limit: z.coerce.number<number>(bad).int(bad).min(1, bad).max(PHOTO_PAGE_MAX, bad).optional(),
});
export type PhotoTimelineQuery = z.infer<typeof PhotoTimelineBody>;

export const PhotoIdBody = z.object({ id: id() });
export const PhotoIdsBody = z.object({ ids: Ids });
export const PhotoFavouriteBody = z.object({ ids: Ids, favourite: z.boolean(bad) });
export const PhotoBinListBody = z.object({
  cursor: z.string(bad).max(100, bad).optional(),
  limit: z.coerce.number<number>(bad).int(bad).min(1, bad).max(PHOTO_PAGE_MAX, bad).optional(),
});
export const PhotoZipBody = z.object({ ids: z.array(id(), bad).min(1, bad).max(PHOTO_ZIP_MAX, bad) });
/** The map: the search's filters and the grid's cell, in degrees (the map's zoom picks it). */
export const PhotoPlacesBody = PhotoFilterBody.extend({
  cell: z.number(bad).min(0.001, bad).max(10, bad).optional(),
});
export const PhotoEmptyBody = z.object({}).loose();

const AlbumName = z
  .string(bad)
  .trim()
  .min(1, PhotoMsg.ALBUM_NAME_EMPTY)
  .max(PHOTO_ALBUM_NAME_MAX, PhotoMsg.ALBUM_NAME_TOO_LONG);
export const PhotoAlbumCreateBody = z.object({ name: AlbumName });
export const PhotoAlbumRenameBody = z.object({ album_id: id(), name: AlbumName });
export const PhotoAlbumIdBody = z.object({ album_id: id() });
export const PhotoAlbumItemsBody = z.object({ album_id: id(), ids: Ids });
export const PhotoAlbumCoverBody = z.object({ album_id: id(), photo_id: id() });
export const PhotoSettingsBody = z.object({
  delete_follows_phone: z.boolean(bad),
  /** The watched drive folder (`/相册备份`); '' or null turns the watch off; left out, it stays as it is. */
  watch_folder: z.string(bad).max(PHOTO_WATCH_PATH_MAX, PhotoMsg.WATCH_FOLDER_BAD).nullable().optional(),
});
export type PhotoSettingsSave = z.infer<typeof PhotoSettingsBody>;

export const PhotoFileParams = z.object({ id: id() });
/** A zip link's token: random, URL-safe. */
export const PhotoZipParams = z.object({ token: z.string(bad).min(1, bad).max(64, bad) });
export const PhotoThumbQuery = z.object({ s: z.enum(['256', '1024'], bad).default('256') });

// The phone's calls.
export const PhotoCheckBody = z.object({ sha256: z.array(Sha, bad).min(1, bad).max(PHOTO_HASHES_MAX, bad) });
export const PhotoUploadStartBody = z.object({
  sha256: Sha,
  size: z.number(bad).int(bad).min(0, bad).max(PHOTO_FILE_MAX_BYTES, PhotoMsg.TOO_LARGE),
  name: z.string(bad).min(1, bad).max(255, bad),
  mtime: z.number(bad).int(bad).min(0, bad),
  /** The phone's zone, minutes east of UTC: `mtime` is read on its clock. */
  tz_offset: z.number(bad).int(bad).min(-840, bad).max(840, bad).optional(),
  upload_id: z.string(bad).max(64, bad).optional(),
});
/** The whole-file upload's query: the start's fields, as text. */
export const PhotoWholeQuery = z.object({
  sha256: Sha,
  size: z.coerce.number<number>(bad).int(bad).min(0, bad).max(PHOTO_FILE_MAX_BYTES, PhotoMsg.TOO_LARGE),
  name: z.string(bad).min(1, bad).max(255, bad),
  mtime: z.coerce.number<number>(bad).int(bad).min(0, bad),
  tz_offset: z.coerce.number<number>(bad).int(bad).min(-840, bad).max(840, bad).optional(),
});
export const PhotoPartQuery = z.object({
  upload_id: z.string(bad).min(1, bad).max(64, bad),
  part: z.coerce.number<number>(bad).int(bad).min(1, bad),
});
/** The start's fields again (the row is made from them) with the session. */
export const PhotoCompleteBody = PhotoUploadStartBody.extend({
  upload_id: z.string(bad).min(1, bad).max(64, bad),
});
export const PhotoDeletedBody = PhotoCheckBody;
