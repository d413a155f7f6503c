import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

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

/** What a connection pool tells of itself (pg.Pool's counts). */
export interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

const pools = new Set<PoolCounts>();

/** Counts a PostgreSQL pool in the pool gauges until the answered function is called (its close). */
export function watchPool(pool: PoolCounts): () => void {
  pools.add(pool);
  return () => pools.delete(pool);
}

export const dbPoolConnections = new Gauge({
  name: 'phonecloud_db_pool_connections',
  help: 'PostgreSQL pool connections: open (total), idle, and queries waiting for one (waiting)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const p of pools) {
      total += p.totalCount;
      idle += p.idleCount;
      waiting += p.waitingCount;
    }
    this.set({ state: 'total' }, total);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

export const devicePollsOpen = new Gauge({
  name: 'phonecloud_device_polls_open',
  help: "Find-my-phone command polls (phones' long-polls) held open now",
  registers: [registry],
});

export const uploadBytes = new Counter({
  name: 'phonecloud_upload_bytes_total',
  help: 'Bytes of finished drive uploads, by face (v1: one request, v2: multi-part)',
  labelNames: ['face'] as const,
  registers: [registry],
});

export const importJobs = new Counter({
  name: 'phonecloud_import_jobs_total',
  help: 'Import jobs finished, by kind (contacts: vCard/CSV files, sms: a backup file) and result',
  labelNames: ['kind', 'result'] as const,
  registers: [registry],
});

export const importJobsRunning = new Gauge({
  name: 'phonecloud_import_jobs_running',
  help: 'Import jobs running now, by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

/** Runs an import job counted in the import gauges: running while it runs, then ok or failed. */
export async function countImport<T>(kind: 'contacts' | 'sms', job: () => Promise<T>): Promise<T> {
  importJobsRunning.inc({ kind });
  try {
    const out = await job();
    importJobs.inc({ kind, result: 'ok' });
    return out;
  } catch (err) {
    importJobs.inc({ kind, result: 'failed' });
    throw err;
  } finally {
    importJobsRunning.dec({ kind });
  }
}

export const backupRuns = new Counter({
  name: 'phonecloud_backup_runs_total',
  help: 'Scheduled backups run by this instance, by result (ok or failed)',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const backupLastSuccess = new Gauge({
  name: 'phonecloud_backup_last_success_timestamp_seconds',
  help: "When the last scheduled backup (any instance's) finished well, in Unix seconds; 0: never",
  registers: [registry],
});

export const blobCheckBytes = new Counter({
  name: 'phonecloud_blob_check_bytes_total',
  help: 'Bytes of the blob store re-read by the store check against their SHA-256 names',
  registers: [registry],
});

export const blobsDamaged = new Gauge({
  name: 'phonecloud_blobs_damaged',
  help: 'Referenced blobs whose bytes no longer match their name, or are missing, as of the last store check',
  registers: [registry],
});
