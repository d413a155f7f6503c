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
    const round = (tasks: number, ms: number) => {
      const counter = new SharedArrayBuffer(4);
      return Promise.all(
        Array.from(
          { length: tasks },
          () => workerPool().run({ counter, ms }, { filename: TICKET_WORKER }) as Promise<number>,
        ),
      );
    };
    // Each thread loads the task's file on its first task, which on a busy machine let one
    // thread's first task start after another thread's next ones: loaded first, as the
    // server's start-up warm-up loads the import's.
    await round(WORKER_THREADS * 4, 1);
    const tickets = await round(WORKER_THREADS * 10, 5);
    // Tasks handed out at about the same moment may start in either order (a thread can be slow to
    // run on a busy machine), so a little slack; the default moved one by 12 places of 20.
    const late = Math.max(...tickets.map((ticket, i) => Math.abs(ticket - i)));
    expect(late, `start order ${tickets.join(' ')}`).toBeLessThan(2 * WORKER_THREADS);
  });
});
