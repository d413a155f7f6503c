/** Codes of the drive (spec 000 §8); HTTP statuses where the older variant uses them. */
export const DriveCode = {
  /** The drive token expired: refresh it and retry once. */
  TOKEN_EXPIRED: 2003,
  /** A same-name item already exists. */
  NAME_EXISTS: -2003,
  /** A folder the call names does not exist (or sits in the recycle bin). */
  FOLDER_MISSING: -2006,
  /** A move into the item's own subfolder, or a zip download over 500M. */
  SUBFOLDER_OR_TOO_LARGE: -2019,
  /** A zip download of more than 200 files. */
  TOO_MANY_FILES: -2020,
  /** The item named does not exist for this user. */
  NOT_FOUND: -2001,
  /** Not enough free space for the upload. */
  QUOTA_EXCEEDED: -2010,
  /** An upload session that is unknown, finished or expired. */
  UPLOAD_GONE: -2011,
  /** Uploaded bytes that do not match what was announced (size, part, proof of possession). */
  UPLOAD_MISMATCH: -2012,
  /** A batch with more items than the spec allows. */
  BATCH_TOO_LARGE: -2013,
} as const;

/** HTTP statuses the older variant answers. */
export const DriveHttp = {
  /** The drive session must be refreshed through `/user/refreshYun.do`. */
  REFRESH: 401,
  /** A same-name clash. */
  SAME_NAME: 409,
  /** Quick upload head: the same file already sits in that folder. */
  HEAD_EXISTS: 422,
  /** Quick upload head: no such content is known. */
  HEAD_ABSENT: 404,
} as const;
