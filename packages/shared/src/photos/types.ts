import type { PhotoKind } from './limits.js';

/** One photo or video of the timeline, the bin and an album. */
export interface PhotoItem {
  id: number;
  kind: PhotoKind;
  name: string;
  size: number;
  /** When it was taken, as the camera's clock read it: ISO 8601 without a zone ("2024-05-01T08:30:00"). */
  taken: string;
  /** The zone of `taken` when the file says it (`+08:00`), else null. */
  offset: string | null;
  width: number | null;
  height: number | null;
  /** Video length (a Live Photo's video too), ms. */
  duration_ms: number | null;
  favourite: boolean;
  /** The video half of a Live Photo shown with this still; null for other items. */
  live_video_id: number | null;
  /** False while the metadata and thumbnails are still being read (a new upload). */
  ready: boolean;
  /** Only in the bin. */
  trashed_at?: number;
  /**
   * Present (true) when the store check found the original's stored bytes changed: viewing
   * and downloading the original answer HTTP 409 with `PhotoMsg.DAMAGED` until a phone that
   * still has the photo backs it up again (it is asked to), which puts it right.
   */
  damaged?: true;
}

export interface PhotoDetail extends PhotoItem {
  make: string | null;
  model: string | null;
  lens: string | null;
  /** WGS-84, as the file has it. */
  latitude: number | null;
  longitude: number | null;
  /** Province and city from the offline data set, or null outside it (show the coordinates). */
  place: string | null;
  orientation: number | null;
  mime: string;
  /** Where the time came from: the file's metadata, or the phone's file time. */
  time_source: 'exif' | 'file';
  albums: number[];
  created_at: number;
}

export interface PhotoPage {
  items: PhotoItem[];
  /** Pass as `cursor` for the next page; '' at the end. */
  next: string;
}

/** A month of the scrubber: `2024-05` and how many items it holds. */
export interface PhotoMonth {
  month: string;
  count: number;
}

/**
 * A point of the map: the photos with a place in one grid cell, at their mean position (WGS-84,
 * as the files say), with the newest one's id for its thumbnail and the place name when known.
 */
export interface PhotoPlace {
  latitude: number;
  longitude: number;
  count: number;
  cover_id: number;
  place: string | null;
}

export interface PhotoAlbum {
  id: number;
  name: string;
  count: number;
  /** The chosen cover, else the newest photo; null when empty. */
  cover_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface PhotoSettings {
  /** A photo deleted on the phone goes to the cloud's bin too (off: the cloud keeps it). */
  delete_follows_phone: boolean;
  /**
   * The drive folder whose pictures and videos (its subfolders' too) become photos: a stock phone
   * app backs up into it over WebDAV (`/相册备份`); null when the watch is off.
   */
  watch_folder: string | null;
}

/** What the phone announces before sending a file. */
export interface PhotoUploadStart {
  sha256: string;
  size: number;
  name: string;
  /** The file's modification time on the phone (ms): the time taken when the file says none. */
  mtime: number;
  /** The phone's zone, minutes east of UTC. */
  tz_offset?: number;
  /** A session started earlier (a resumed backup): its state is answered if it is still open. */
  upload_id?: string;
}

export type PhotoUploadComplete = PhotoUploadStart & { upload_id: string };

export type PhotoUploadState =
  | { done: true; photo_id: number }
  | { done: false; upload_id: string; part_size: number; part_count: number; parts_done: number[] };
