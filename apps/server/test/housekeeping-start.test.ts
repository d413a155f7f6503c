import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The store check is watched, not run: what is asked is when housekeeping calls it.
vi.mock('../src/storage/blob-check.js', () => ({
  checkBlobs: vi.fn(async () => ({ checked: 0, bytes: 0, damaged: [] })),
}));

const { checkBlobs } = await import('../src/storage/blob-check.js');
const { startHousekeeping } = await import('../src/housekeeping.js');
const { startTestServer } = await import('./support/server.js');
const { registry } = await import('../src/lib/metrics.js');

/** Housekeeping runs finished well, as the metric counts them. */
async function runsDone(): Promise<number> {
  const metric = await registry.getSingleMetric('phonecloud_housekeeping_runs_total')?.get();
  return Number(metric?.values.find((v) => v.labels.result === 'ok')?.value ?? 0);
}

/**
 * The run at start leaves the store check out (it read blobs while a first import warmed up:
 * 5.8x the parse instead of 3.8x); the runs every ten minutes after it include it, with the
 * BLOB_CHECK_MB budget.
 */
describe('housekeeping and the store check [sqlite]', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server.close());

  it('checks the store every ten minutes, not in the run at start', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() } as never;
    const before = await runsDone();
    const timer = startHousekeeping(server.deps, [], log);
    try {
      // The run at start, to its end: no check.
      await vi.waitFor(async () => expect(await runsDone()).toBe(before + 1));
      expect(checkBlobs).not.toHaveBeenCalled();
      vi.advanceTimersByTime(10 * 60_000);
      await vi.waitFor(async () => expect(await runsDone()).toBe(before + 2));
      expect(checkBlobs).toHaveBeenCalledTimes(1);
      expect(vi.mocked(checkBlobs).mock.calls[0]?.[3]).toBe(server.deps.config.blobCheckBytes);
    } finally {
      clearInterval(timer);
      vi.useRealTimers();
    }
  });
});
