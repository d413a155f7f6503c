/**
 * The drive over WebDAV (RFC 4918 classes 1 and 2, quota properties of RFC 4331), for rclone,
 * file managers (Windows Explorer, macOS Finder) and phone file apps. Authenticated by app
 * passwords only (see app-passwords.ts). Described in docs/webdav.md.
 */

/** Where the drive is served: `/dav/drive/` is the root folder of the signed-in account's drive. */
export const WEBDAV_DRIVE_PATH = '/dav/drive';
/** A lock's lifetime when the client asks for none, and the most it may ask for (seconds). */
export const WEBDAV_LOCK_DEFAULT_SECONDS = 600;
export const WEBDAV_LOCK_MAX_SECONDS = 3600;
/** Bytes of an XML request body (PROPFIND, PROPPATCH, LOCK) the server reads at most. */
export const WEBDAV_XML_BODY_MAX_BYTES = 1024 * 1024;
/** Dead properties one item may carry, and bytes of one property's value. */
export const WEBDAV_PROPS_PER_ITEM_MAX = 200;
export const WEBDAV_PROP_VALUE_MAX_BYTES = 64 * 1024;
/** Items a COPY of a folder may copy at most (a larger tree: 507, copy it in parts). */
export const WEBDAV_COPY_MAX_ITEMS = 10_000;
