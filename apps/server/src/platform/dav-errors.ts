import { Code } from '@phonecloud/shared';
import { AppError } from '../http/errors.js';
import { NS } from '../lib/dav-xml/index.js';

/** A DAV answer other than success: an HTTP status, and the pre/postcondition element when one applies. */
export class DavError extends Error {
  constructor(
    readonly status: number,
    readonly condition?: { ns: string; name: string },
    /** Plain text for a person reading the answer (the stores' Chinese texts). */
    readonly text?: string,
  ) {
    super(text ?? `DAV ${status}`);
  }
}

export const notFound = () => new DavError(404);
export const preconditionFailed = () => new DavError(412);
export const badSyncToken = () => new DavError(403, { ns: NS.DAV, name: 'valid-sync-token' });

/**
 * The stores' own refusals as DAV statuses: a stale version_code is a failed If-Match (412), a
 * missing item 404, a full-reload answer an invalid sync token, and a rule the content breaks
 * (a Chinese text) 403 with the area's "valid data" precondition, so the client shows the text.
 */
export function davErrorOf(
  err: unknown,
  codes: { stale: number; notFound: number },
  invalidData: { ns: string; name: string },
): unknown {
  if (!(err instanceof AppError)) return err;
  if (err.code === codes.stale) return preconditionFailed();
  if (err.code === codes.notFound) return notFound();
  if (err.code === Code.FULL_RELOAD) return badSyncToken();
  return new DavError(403, invalidData, err.message);
}
