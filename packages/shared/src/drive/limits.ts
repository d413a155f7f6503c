/** Numbers of the cloud drive (spec 000 §5, §9); the server enforces them, the web shows them. */

/** Items per page of `/v2/file/list` (newer variant). */
export const DRIVE_V2_PAGE_SIZE = 100;
/** Items per page of `/v1/files/list.json` (older variant). */
export const DRIVE_V1_PAGE_SIZE = 500;
/** Recycle-bin page size and the only page the older variant asks for. */
export const RECYCLE_PAGE_SIZE = 500;
export const RECYCLE_FIRST_PAGE = 1;

/** Items one delete, restore or recycle-bin empty may touch. */
export const BATCH_DELETE_MAX = 100;
export const BATCH_RESTORE_MAX = 100;
export const RECYCLE_EMPTY_MAX = 100;
/** Requests in one `/v2/batch` call. */
export const V2_BATCH_MAX = 100;
/** One zip download: at most this many files and this many bytes (500M). */
export const DOWNLOAD_MAX_FILES = 200;
export const DOWNLOAD_MAX_BYTES = 500 * 1024 * 1024;

/** Folder names: at most 38 characters. */
export const FOLDER_NAME_MAX = 38;
/** File names (the spec leaves files open; common file systems stop at 255). */
export const FILE_NAME_MAX = 255;

/** Files are read and hashed in chunks of this many bytes (quick upload). */
export const HASH_CHUNK_BYTES = 204800;
/** The older variant's upload always asks for duplicate policy 2. */
export const DUPLICATE_POLICY = 2;

/** Drive root in the newer variant's ids and routes. */
export const DRIVE_ROOT_ID = 'root';
/** The root in the move dialog's tree, and the older variant's fixed application root id. */
export const DRIVE_ROOT_NUMERIC_ID = 999;
/** Indent of the move dialog's tree per level, px. */
export const TREE_INDENT_PX = 25;

/** Days an item stays in the recycle bin before it is purged. */
export const TRASH_RETENTION_DAYS = 30;
/** Hours an unfinished upload keeps its reservation before it is dropped. */
export const UPLOAD_SESSION_TTL_HOURS = 24;
/**
 * A part upload (v2) with no part started for this long is abandoned: its staged parts and its
 * reserved space are reclaimed at the next housekeeping (every 10 minutes, and at start-up).
 */
export const UPLOAD_IDLE_MINUTES = 60;
/** Part size of a `/v2/file/create` upload; the last part takes the rest. */
export const V2_PART_SIZE = 10 * 1024 * 1024;
/** At most this many parts: bigger files get bigger parts. */
export const V2_MAX_PARTS = 10000;
/** Minutes a drive token (v2) and a drive session (v1) stay valid. */
export const DRIVE_TOKEN_TTL_MINUTES = 30;
/** Minutes signed download and upload URLs stay valid. */
export const DRIVE_URL_TTL_MINUTES = 60;
