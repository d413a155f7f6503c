import type { FastifyReply } from 'fastify';

/** Answers with a captcha image (a GIF), never kept by a cache. */
export function sendCaptcha(reply: FastifyReply, gif: Buffer) {
  return reply.header('content-type', 'image/gif').header('cache-control', 'no-store').send(gif);
}
