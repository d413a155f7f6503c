import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (prom-client: the de-facto client, its default metrics give
 * the event loop's lag, memory and handles without code here). One registry per process; the
 * ops module answers it at /metrics behind METRICS_TOKEN.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpRequests = new Counter({
  name: 'phonecloud_http_requests_total',
  help: 'HTTP requests answered, by route template, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'phonecloud_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route template and method',
  labelNames: ['route', 'method'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

export const housekeepingRuns = new Counter({
  name: 'phonecloud_housekeeping_runs_total',
  help: 'Housekeeping runs, by result (ok or failed)',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const takeoutJobs = new Counter({
  name: 'phonecloud_takeout_jobs_total',
  help: '导出全部数据 jobs, by event: started, finished (the zip is ready) or failed',
  labelNames: ['event'] as const,
  registers: [registry],
});
