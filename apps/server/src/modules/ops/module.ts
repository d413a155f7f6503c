import { timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { accepts } from '../../http/caller.js';
import type { AppDeps } from '../../http/context.js';
import { lifecycle } from '../../lib/lifecycle.js';
import { registry } from '../../lib/metrics.js';
import type { AppModule } from '../../platform/app-module.js';

/** A key no blob has: stat answers "none" from a store that is reachable, and throws from one that is not. */
const PROBE_KEY = '0'.repeat(64);

/**
 * What operators and load balancers ask (docs/operations.md): /healthz (the process answers),
 * /readyz (database and blob store reachable, not shutting down; 503 otherwise) and Prometheus
 * /metrics, answered only to the bearer of METRICS_TOKEN (404 without the setting, so nothing is
 * public by accident).
 */
export const opsModule: AppModule = {
  name: 'ops',
  async routes(app, deps) {
    const open = accepts('anonymous');
    app.get('/healthz', open, async (_req, reply) =>
      reply.header('cache-control', 'no-store').send({ status: 'ok' }),
    );
    app.get('/readyz', open, async (req, reply) => {
      const problem = await notReady(deps);
      if (problem) req.log.warn({ problem }, 'not ready');
      return reply
        .status(problem ? 503 : 200)
        .header('cache-control', 'no-store')
        .send(problem ? { status: 'unavailable', reason: problem } : { status: 'ready' });
    });
    app.get('/metrics', open, async (req, reply) => {
      const token = deps.config.metricsToken;
      if (!token || !bearerIs(req.headers.authorization, token)) return reply.status(404).send();
      return reply.header('content-type', registry.contentType).send(await registry.metrics());
    });
  },
};

/** Why the process should not get traffic now, or null when it may. */
async function notReady(deps: AppDeps): Promise<string | null> {
  if (lifecycle.draining) return 'shutting down';
  try {
    await sql`select 1`.execute(deps.db);
  } catch {
    return 'database unreachable';
  }
  try {
    await deps.blobs.stat(PROBE_KEY);
  } catch {
    return 'blob store unreachable';
  }
  return null;
}

function bearerIs(header: string | undefined, token: string): boolean {
  const m = header ? /^Bearer\s+(.+)$/i.exec(header) : null;
  if (!m?.[1]) return false;
  const a = Buffer.from(m[1]);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
