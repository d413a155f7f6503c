import type { FastifyReply } from 'fastify';

/** Answers with a captcha image, never kept by a cache. */
export function sendSvg(reply: FastifyReply, svg: string) {
  return reply
    .header('content-type', 'image/svg+xml; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(svg);
}
