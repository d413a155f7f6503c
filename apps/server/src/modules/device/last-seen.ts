import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index.js';

/** How long touches gather before one write; far below the 90 s a phone stays online. */
const FLUSH_MS = 2_000;

/**
 * Last contact of the phones polling this instance, written in batches: a write per poll
 * would be one committed (fsynced) transaction per phone every 25 s; here all phones touched
 * in two seconds share one transaction. One timer per instance, none per phone.
 * @package
 */
export class LastSeen {
  private pending = new Map<number, Map<string, number>>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  touch(userId: number, deviceId: string, at: number): void {
    let devices = this.pending.get(userId);
    if (!devices) {
      devices = new Map();
      this.pending.set(userId, devices);
    }
    devices.set(deviceId, Math.max(at, devices.get(deviceId) ?? 0));
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes what gathered (also on shutdown); a failed write is logged, the next poll touches again. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = new Map();
    if (batch.size === 0) return this.writing;
    this.writing = this.writing
      .then(() =>
        this.db.transaction().execute(async (trx) => {
          for (const [userId, devices] of batch) {
            const at = Math.max(...devices.values());
            await trx
              .updateTable('find_devices')
              .set({ last_seen_at: at })
              .where('user_id', '=', userId)
              .where('device_id', 'in', [...devices.keys()])
              .where('last_seen_at', '<', at)
              .execute();
          }
        }),
      )
      .catch((err) => this.log.warn({ err }, 'find-my-phone: last contact not written'));
    return this.writing;
  }
}
