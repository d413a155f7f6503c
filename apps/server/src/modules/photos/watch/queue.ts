import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../http/context.js';
import type { DriveItemsLanded } from '../../../lib/app-events.js';
import { PhotoWatch } from './watch.js';

/**
 * The folder watch's work, off the request that stored the file: one job at a time per process,
 * in the order told, so a phone app's burst of uploads is taken in behind them and never beside
 * them on the two cores. A job lost with the process (told, not yet run) is done by housekeeping's
 * scan of the folder.
 */
export class WatchQueue {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;

  constructor(
    private readonly deps: AppDeps,
    private readonly log?: FastifyBaseLogger,
  ) {}

  landed(e: DriveItemsLanded): void {
    this.run('landed', (w) => w.landed(e));
  }

  /** Takes in what the user's watched folder holds (the watch just turned on). */
  scan(userId: number): void {
    this.run('scan', (w) => w.scan(userId));
  }

  /** Carried photos whose drive file was purged count their own bytes (`PhotoWatch.recharge`). */
  recharge(userId: number): void {
    this.run('recharge', (w) => w.recharge(userId));
  }

  /** Resolves once every job told so far has run. */
  async idle(): Promise<void> {
    while (this.waiting > 0) await this.tail;
  }

  private run(what: string, job: (w: PhotoWatch) => Promise<number>): void {
    this.waiting++;
    this.tail = this.tail
      .then(() => job(new PhotoWatch(this.deps)))
      .then(
        () => undefined,
        (err: unknown) => this.log?.warn({ err, job: what }, 'photo folder watch failed'),
      )
      .finally(() => {
        this.waiting--;
      });
  }
}

// One queue per app (keyed by its database): tests run several apps in one process.
const queues = new WeakMap<object, WatchQueue>();
export function watchQueue(deps: AppDeps, log?: FastifyBaseLogger): WatchQueue {
  let q = queues.get(deps.db);
  if (!q) {
    q = new WatchQueue(deps, log);
    queues.set(deps.db, q);
  }
  return q;
}
