import type { V1Thumbs } from './preview.js';

/** Request and answer shapes of the drive (spec 000 §3, §7); the README of the server's drive module has the rest. */

export type DriveItemType = 'folder' | 'file';

/** Answer of `/user/ali_oauth_token.do`. */
export interface DriveToken {
  access_token: string;
  token_type: 'Bearer';
  /** Seconds. */
  expires_in: number;
  /** Epoch milliseconds. */
  expire_time: number;
  default_drive_id: string;
}

/** A drive item as the newer variant sees it. */
export interface V2File {
  drive_id: string;
  file_id: string;
  parent_file_id: string;
  name: string;
  type: DriveItemType;
  size: number;
  /** ISO 8601. */
  created_at: string;
  updated_at: string;
  content_type?: string;
  file_extension?: string;
  /** SHA-1, upper-case hex (files only). */
  content_hash?: string;
  content_hash_name?: 'sha1';
  /**
   * Image files the server can make thumbnails of (`hasThumbnail`): signed URLs of a JPEG of at
   * most 256 px (`thumbnail`) and 1024 px (`thumbnail_large`) on the longer side, made on the first
   * request and kept. Present in list, scan and get answers; they expire as download URLs do.
   */
  thumbnail?: string;
  thumbnail_large?: string;
  /**
   * Files whose stored bytes the server's store check found changed (bit rot, a cut or lost
   * file): downloads answer HTTP 409 with `DriveMsg.FILE_DAMAGED` until the same file is uploaded
   * again or the operator restores it from a backup. Absent otherwise.
   */
  damaged?: true;
}
export interface V2ListResult {
  items: V2File[];
  /** '' when the folder is complete. */
  next_marker: string;
}
export interface V2Drive {
  drive_id: string;
  used_size: number;
  total_size: number;
}
export interface V2PartInfo {
  part_number: number;
  part_size: number;
  upload_url: string;
}
export interface V2CreateFileResult {
  file_id: string;
  upload_id: string;
  parent_file_id: string;
  name: string;
  type: 'file';
  part_info_list: V2PartInfo[];
}
export interface V2DownloadUrl {
  url: string;
  /** ISO 8601. */
  expiration: string;
  size: number;
  method: 'GET';
}
/** One call of `/v2/batch`, inferred from its schema (api/drive.ts). */
export type { V2BatchRequest } from '../api/drive.js';
export interface V2BatchResponse {
  id: string;
  status: number;
  body: { code: number; data?: unknown; message?: string };
}

/** A drive item as the older variant sees it. */
export interface V1File {
  id: number;
  pid: number;
  name: string;
  type: DriveItemType;
  size: number;
  /** Epoch milliseconds. */
  mtime: number;
  /** Signed download URL (files only). */
  url?: string;
  /** Image files: signed thumbnail URLs, `url1` 256 px and `url2` 1024 px (see `V2File.thumbnail`). */
  thumbs?: V1Thumbs;
  /** As `V2File.damaged`. */
  damaged?: true;
}
export interface V1ListResult {
  list: V1File[];
  page: number;
  size: number;
  hasMore: boolean;
  /** Keyset marker of the next page ('' at the end); `marker` in the query takes precedence over `page`. */
  marker: string;
}
export interface V1Quota {
  used: number;
  total: number;
}
export interface V1UploadUrl {
  token: string;
  /** Origin of the upload host, e.g. https://cloud.example.com */
  secureUploadDomain: string;
}
/** One item's outcome in a batch of the older variant (move: srcId/targetId). */
/**
 * What a move (or an upload) does when the target folder holds the name already: refuse
 * (-2003, the default), keep both (the moved item takes the first free "name(n).ext"), or
 * replace (the item there goes to the recycle bin; only an item of the same kind is replaced,
 * a file and a folder of one name keep both). v2 `/file/move` `check_name_mode`.
 */
export type NameConflictMode = 'refuse' | 'auto_rename' | 'overwrite';
/** The same choice as v1 `/v1/files/moveOndup.json` `ondup` (Baidu's words): fail, newcopy, overwrite. */
export type V1Ondup = 'fail' | 'newcopy' | 'overwrite';

export interface V1BatchItem {
  srcId: number;
  targetId?: number;
  code: number;
  message?: string;
}
export interface V1RecycleItem {
  id: number;
  type: DriveItemType;
  name: string;
  pid: number;
  size: number;
  /** When it went to the bin, epoch ms. */
  deletedAt: number;
}
/** `GET /rest/4.0/file/head` with code 0: prove possession of `len` bytes at `offset`. */
export interface V1HeadChallenge {
  code: 0;
  sid: string;
  offset: number;
  len: number;
}
