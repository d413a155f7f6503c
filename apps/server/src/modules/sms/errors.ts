import { Code, SmsCode, SmsMsg } from '@phonecloud/shared';
import { AppError, invalid } from '../../http/errors.js';

export const notFound = () => new AppError(SmsCode.NOT_FOUND, SmsMsg.NOT_FOUND);
export const stale = () => new AppError(SmsCode.STALE_SYNC, SmsMsg.STALE_SYNC);
export const fullReload = () => new AppError(Code.FULL_RELOAD, SmsMsg.FULL_RELOAD);
export const badRequest = () => invalid(SmsMsg.BAD_REQUEST);
