import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WORKER_THREADS, workerPool } from './worker-pool.js';

const TICKET_WORKER = fileURLToPath(
  new URL('../../test/fixtures/workers/ticket-worker.mjs', import.meta.url),
);

describe('worker pool', () => {
  it('starts queued tasks in the order they were queued', async () => {
    // An import queues all its pieces at once and waits for them in order: a piece started late
    // leaves the importing thread idle while later pieces are done (piscina's default put a task
    // it could not hand out yet at the back of its queue).
    const counter = new SharedArrayBuffer(4);
    const tasks = WORKER_THREADS * 6;
    const tickets = await Promise.all(
      Array.from(
        { length: tasks },
        () => workerPool().run({ counter, ms: 3 }, { filename: TICKET_WORKER }) as Promise<number>,
      ),
    );
    expect(tickets).toEqual(Array.from({ length: tasks }, (_, i) => i));
  });
});
