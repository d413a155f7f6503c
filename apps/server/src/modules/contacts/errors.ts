import { Code, ContactCode, ContactMsg } from '@phonecloud/shared';
import { AppError, invalid } from '../../http/errors.js';

export const notFound = () => new AppError(ContactCode.NOT_FOUND, ContactMsg.NOT_FOUND);
export const stale = () => new AppError(ContactCode.STALE_VERSION, ContactMsg.STALE_VERSION);
export const fullReload = () => new AppError(Code.FULL_RELOAD, ContactMsg.FULL_RELOAD);
export const badRequest = () => invalid(ContactMsg.BAD_REQUEST);
