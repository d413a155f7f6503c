import { DriveCode, DriveMsg } from '@phonecloud/shared';
import { AppError } from '../../http/errors.js';

/** The face asking: texts of -2003 and the HTTP status of a same-name clash differ by variant. */
export type Face = 'v1' | 'v2';

export const folderMissing = () => new AppError(DriveCode.FOLDER_MISSING, DriveMsg.FOLDER_MISSING);
export const notFound = () => new AppError(DriveCode.NOT_FOUND, DriveMsg.NOT_FOUND);
export const nameExists = (message: string = DriveMsg.NAME_EXISTS) =>
  new AppError(DriveCode.NAME_EXISTS, message);
export const uploadGone = () => new AppError(DriveCode.UPLOAD_GONE, DriveMsg.UPLOAD_GONE);
export const uploadMismatch = (message: string = DriveMsg.UPLOAD_SIZE_MISMATCH) =>
  new AppError(DriveCode.UPLOAD_MISMATCH, message);
