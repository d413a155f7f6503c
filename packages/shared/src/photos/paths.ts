import { DEVICE_API_PREFIX } from '../find/paths.js';

/**
 * The portal's photo calls (not in the spec: the area is the product's own, docs/photos.md).
 * JSON `POST`s answering the envelope, behind the session and the second verification ('main'),
 * except the three `GET`s of bytes, which answer the bytes themselves (404 for anything not
 * the caller's).
 */
export const PhotoApi = {
  /** `PhotoTimelineBody` → `PhotoPage`: newest first, by the time taken; filters are the search. */
  timeline: '/photo/timeline',
  /** `PhotoFilterBody` → `{months: PhotoMonth[]}`: counts per month, newest first (the scrubber). */
  months: '/photo/months',
  /** `{id}` → `PhotoDetail`. */
  detail: '/photo/detail',
  /** `{ids, favourite}` → `{updated}`. */
  favourite: '/photo/favourite',
  /** `{ids}` → `{deleted}`: to the recycle bin (a Live Photo with its video). */
  delete: '/photo/delete',
  /** `{cursor?, limit?}` → `PhotoPage` of the bin, latest deleted first (`trashed_at`). */
  binList: '/photo/bin/list',
  /** `{ids}` → `{recovered}`. */
  binRecover: '/photo/bin/recover',
  /** `{ids}` → `{deleted}`: gone for good, their space freed. */
  binDelete: '/photo/bin/delete',
  /** `{}` → `{deleted}`. */
  binEmpty: '/photo/bin/empty',
  /** `{}` → `{albums: PhotoAlbum[]}`. */
  albumList: '/photo/album/list',
  /** `{name}` → `PhotoAlbum`. */
  albumCreate: '/photo/album/create',
  /** `{album_id, name}` → `PhotoAlbum`. */
  albumRename: '/photo/album/rename',
  /** `{album_id}` → `{}`: the album goes, its photos stay. */
  albumDelete: '/photo/album/delete',
  /** `{album_id, ids}` → `PhotoAlbum`. */
  albumAdd: '/photo/album/add',
  /** `{album_id, ids}` → `PhotoAlbum`. */
  albumRemove: '/photo/album/remove',
  /** `{album_id, photo_id}` → `PhotoAlbum`: the photo must be in the album. */
  albumCover: '/photo/album/cover',
  /** `{}` → `PhotoSettings`; `PhotoSettings` → `PhotoSettings`. */
  settings: '/photo/settings',
  settingsSave: '/photo/settings/save',
  /**
   * `{ids}` → `{url}`: a link (valid `PHOTO_ZIP_LINK_MINUTES`) that downloads the originals as
   * one zip (stored, not compressed), each file under its own name (`IMG_1 (2).JPG` for a second
   * of a name); a Live Photo brings its video. Ids that are not the caller's live photos: 1000.
   */
  zipUrl: '/photo/zip_url',
  /** `GET ${zip}/<token>`: the zip `zipUrl` made, for the user who made it; unknown or expired: 404. */
  zip: '/photo/zip',
  /**
   * `PhotoPlacesBody` → `{places: PhotoPlace[]}`: the map's points, grouped by a grid cell
   * (`cell` degrees, 1 when not given), newest first.
   */
  places: '/photo/places',
  /** `GET ${file}/<id>`: the original, as an attachment (Range, ETag); never shown in place. */
  file: '/photo/file',
  /** `GET ${thumb}/<id>?s=256|1024`: a JPEG thumbnail (a video's poster frame). */
  thumb: '/photo/thumb',
} as const;

/** The phone's photo calls: the device token as a bearer, as the sync calls. */
export const PhotoDeviceApi = {
  /** `{sha256: [...]}` → `{present: [...]}`: which of these contents the cloud already keeps. */
  check: `${DEVICE_API_PREFIX}/photos/check`,
  /** `PhotoUploadStart` → `PhotoUploadState`: already kept (`photo_id`), or the session to send parts to. */
  start: `${DEVICE_API_PREFIX}/photos/upload/start`,
  /** `PUT ?upload_id&part=n`, the part's raw bytes → `{part_number, size}`. */
  part: `${DEVICE_API_PREFIX}/photos/upload/part`,
  /**
   * `PUT ?sha256&size&name&mtime&tz_offset`, the whole file's bytes → `{photo_id, created}`: a file
   * of one part (≤ 10 MiB) in one request; kept already (`created` false), nothing is stored again.
   */
  whole: `${DEVICE_API_PREFIX}/photos/upload/whole`,
  /** `{upload_id}` → `{photo_id}`: the bytes must hash to the announced SHA-256. */
  complete: `${DEVICE_API_PREFIX}/photos/upload/complete`,
  /** `{sha256: [...]}` → `{deleted}`: removed on the phone; followed only when the owner turned it on. */
  deleted: `${DEVICE_API_PREFIX}/photos/deleted`,
  /**
   * `{}` → `{sha256: [...]}`: the user's photos whose stored original the store check found
   * changed (at most `PHOTO_HASHES_MAX`, usually none). A phone that holds one sends it again,
   * which puts it right; until then `check` leaves it out and `start` asks for its bytes.
   */
  damaged: `${DEVICE_API_PREFIX}/photos/damaged`,
} as const;
