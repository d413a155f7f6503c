import { availableParallelism } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../http/context.js';
import { PhotosRepo } from '../repo.js';
import { readPhoto } from './reader.js';

/**
 * Photos read at once per process: the decoders run on libvips' and ffmpeg's own threads, so one
 * per core keeps them busy without starving the requests.
 */
const READERS = Math.max(1, Math.min(4, availableParallelism()));

/**
 * The background reading of new photos, off the upload's path: an upload answers as soon as its
 * row is written, and the row is read here (metadata, thumbnails, Live Photo pairing). Rows left
 * waiting by a stopped process are picked up again at start and by housekeeping.
 */
export class PhotoQueue {
  private readonly waiting: Array<{ userId: number; id: number }> = [];
  private readonly queued = new Set<string>();
  private running = 0;
  private idlers: Array<() => void> = [];

  constructor(
    private readonly deps: AppDeps,
    private readonly log?: FastifyBaseLogger,
  ) {}

  push(userId: number, id: number): void {
    const key = `${userId}:${id}`;
    if (this.queued.has(key)) return;
    this.queued.add(key);
    this.waiting.push({ userId, id });
    this.pump();
  }

  /** Queues the rows still waiting in the database (after a restart). */
  async resume(limit = 1000): Promise<number> {
    const rows = await new PhotosRepo(this.deps.db).pending(limit);
    for (const r of rows) this.push(r.user_id, r.id);
    return rows.length;
  }

  /** Resolves when nothing is queued or being read. */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idlers.push(resolve));
  }

  private pump(): void {
    while (this.running < READERS) {
      const next = this.waiting.shift();
      if (!next) break;
      this.running++;
      readPhoto(this.deps, next.userId, next.id)
        .catch((err: unknown) => this.log?.warn({ err, photo: next.id }, 'photo not read'))
        .finally(() => {
          this.running--;
          this.queued.delete(`${next.userId}:${next.id}`);
          this.pump();
          if (this.running === 0 && this.waiting.length === 0) {
            const idlers = this.idlers;
            this.idlers = [];
            for (const resolve of idlers) resolve();
          }
        });
    }
  }
}

// One queue per app (keyed by its database): tests run several apps in one process.
const queues = new WeakMap<object, PhotoQueue>();
export function photoQueue(deps: AppDeps, log?: FastifyBaseLogger): PhotoQueue {
  let q = queues.get(deps.db);
  if (!q) {
    q = new PhotoQueue(deps, log);
    queues.set(deps.db, q);
  }
  return q;
}
