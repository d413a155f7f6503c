import { NoteCode, NoteMsg } from '@phonecloud/shared';
import { AppError, invalid } from '../../http/errors.js';

export const notFound = () => new AppError(NoteCode.NOT_FOUND, NoteMsg.NOT_FOUND);
export const stale = () => new AppError(NoteCode.STALE_VERSION, NoteMsg.STALE_VERSION);
export const badRequest = () => invalid(NoteMsg.BAD_REQUEST);

/** A positive integer id from a form field or JSON value. */
export function toId(v: unknown): number {
  const n =
    typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : Number.NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw badRequest();
  return n;
}
