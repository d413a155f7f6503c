import { Code, Msg, REQUEST_KEY_HEADER, REQUEST_KEY_RE } from '@phonecloud/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/** A create's request key (REQUEST_KEY_HEADER), undefined when none was sent; a malformed one is refused. */
export function requestKeyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers[REQUEST_KEY_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !REQUEST_KEY_RE.test(raw))
    throw new AppError(Code.INVALID, Msg.REQUEST_INVALID);
  return raw;
}
