import { DriveCode, DriveMsg } from '@phonecloud/shared';
import { AppError } from '../../http/errors.js';

/**
 * The face asking: texts of -2003 and the HTTP status of a same-name clash differ by variant.
 * @package
 */
export type Face = 'v1' | 'v2';

/** @package */
export const folderMissing = () => new AppError(DriveCode.FOLDER_MISSING, DriveMsg.FOLDER_MISSING);
/** @package */
export const notFound = () => new AppError(DriveCode.NOT_FOUND, DriveMsg.NOT_FOUND);
/** @package */
export const nameExists = (message: string = DriveMsg.NAME_EXISTS) =>
  new AppError(DriveCode.NAME_EXISTS, message);
/** @package */
export const uploadGone = () => new AppError(DriveCode.UPLOAD_GONE, DriveMsg.UPLOAD_GONE);
/** @package */
export const uploadMismatch = (message: string = DriveMsg.UPLOAD_SIZE_MISMATCH) =>
  new AppError(DriveCode.UPLOAD_MISMATCH, message);
