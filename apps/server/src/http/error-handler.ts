import { Code, Msg } from '@phonecloud/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDiskFull } from '../lib/disk-full.js';
import { AppError } from './errors.js';
import { frameworkErrorText } from './framework-errors.js';

/**
 * How the portal's calls answer a failure: an AppError as its envelope (HTTP 200), the
 * framework's own 4xx with our text, a full disk as 507 with a text saying so, anything else as
 * the generic 500 (logged).
 */
export function answerError(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    return reply
      .status(200)
      .send({ code: err.code, message: err.message, ...(err.data ? { data: err.data } : {}) });
  }
  const status = (err as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) {
    // The framework's own texts are English and name its internals: the user gets ours.
    return reply
      .status(status)
      .send({ code: Code.INVALID, message: frameworkErrorText((err as { code?: string }).code, status) });
  }
  if (isDiskFull(err)) {
    // One line the operator can act on, and a text the user can (not "server error").
    req.log.error({ err }, 'storage full: the data directory or the database has no space left');
    return reply.status(507).send({ code: Code.SERVER_ERROR, message: Msg.STORAGE_FULL, request_id: req.id });
  }
  req.log.error(err);
  // The request's id goes with the answer: the line that explains it is found by it.
  return reply
    .status(500)
    .send({ code: Code.SERVER_ERROR, message: new AppError(Code.SERVER_ERROR).message, request_id: req.id });
}
