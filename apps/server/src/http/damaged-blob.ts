import type { FastifyReply } from 'fastify';
import { REFUSAL_POLICY } from './csp.js';

/**
 * The answer for stored bytes the store check (storage/blob-check.ts) found changed: HTTP 409
 * with the area's text, never the bytes. A browser would show or save them, and a phone or sync
 * client keep them over its good copy. `extra` adds fields (a zip's damaged files). The portal's
 * download frame reads the text (REFUSAL_POLICY).
 */
export function refuseDamagedBlob(reply: FastifyReply, message: string, extra: object = {}) {
  return reply
    .status(409)
    .header('cache-control', 'no-store')
    .header('content-security-policy', REFUSAL_POLICY)
    .send({ code: 409, message, ...extra });
}
