/**
 * The drive's public face: what other modules may use. Everything else in this folder is the
 * module's own (its repositories, quota, uploads, names); `Drive` runs the drive's rules for them.
 */

// Every area's downloads share the header writer; the types are the shared file-type table's.
export { attachmentDisposition } from '../../http/content-disposition.js';
export { driveUser } from './access/auth.js';
export { TooManyToCopy } from './copy.js';
export { originOf } from './download/links.js';
export { Drive, type DriveItem, type ZipEntry } from './drive.js';
export { notFound } from './errors.js';
export { decodeMarker, encodeMarker, parseV1Id, parseV2Id, v2Id } from './faces/views.js';
export { FILE, FOLDER, type ListKey } from './items-repo.js';
export { previewType, refusePreview } from './preview/answer.js';
// Photos make their thumbnails with the drive's decoder (HEIC included).
export { makeThumb } from './preview/thumbnailer.js';
export type { AreaLink, Finished } from './upload/uploads.js';
