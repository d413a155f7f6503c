import type { FastifyInstance } from 'fastify';
import { httpDuration, httpRequests } from '../lib/metrics.js';

/**
 * Counts every answered request and its time by route template (`/contact/save.do`,
 * `/dav/*`), never by the URL itself: ids and names in paths would make a series per item.
 */
export function recordRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    httpRequests.inc({ route, method: req.method, status: String(reply.statusCode) });
    httpDuration.observe({ route, method: req.method }, reply.elapsedTime / 1000);
  });
}
