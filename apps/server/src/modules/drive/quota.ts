import { BYTES_PER_GB, DriveCode, DriveMsg } from '@phonecloud/shared';
import { sql } from 'kysely';
import type { AppDeps } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import type { Exec } from './items-repo.js';

/** @package */
export const quotaExceeded = () => new AppError(DriveCode.QUOTA_EXCEEDED, DriveMsg.QUOTA_EXCEEDED);

/**
 * The drive's space: counters on the drive row, changed only by conditional updates, so that
 * any number of concurrent uploads (on any number of server instances) can never pass the total.
 * @package
 */
export class Quota {
  constructor(private readonly deps: AppDeps) {}

  /** Free space plus what the user paid for, in bytes (the platform's space figures). */
  async total(userId: number): Promise<number> {
    const user = await this.deps.db
      .selectFrom('users')
      .select('paid_gb')
      .where('id', '=', userId)
      .executeTakeFirst();
    return Math.round((this.deps.config.freeSpaceGb + (user?.paid_gb ?? 0)) * BYTES_PER_GB);
  }

  async usage(userId: number): Promise<{ used: number; reserved: number; total: number }> {
    const row = await this.deps.db
      .selectFrom('drives')
      .select(['used_bytes', 'reserved_bytes'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return {
      used: row?.used_bytes ?? 0,
      reserved: row?.reserved_bytes ?? 0,
      total: await this.total(userId),
    };
  }

  /** Holds `bytes` back for an upload; refuses when used + reserved would pass the total. */
  async reserve(db: Exec, userId: number, bytes: number, total: number): Promise<void> {
    const row = await db
      .updateTable('drives')
      .set((eb) => ({ reserved_bytes: eb('reserved_bytes', '+', bytes) }))
      .where('user_id', '=', userId)
      .where(sql<boolean>`used_bytes + reserved_bytes + ${bytes} <= ${total}`)
      .returning('user_id')
      .executeTakeFirst();
    if (!row) throw quotaExceeded();
  }

  /** Adds stored bytes directly (a quick upload that brings no bytes), under the same rule. */
  async addUsed(db: Exec, userId: number, bytes: number, total: number): Promise<void> {
    const row = await db
      .updateTable('drives')
      .set((eb) => ({ used_bytes: eb('used_bytes', '+', bytes) }))
      .where('user_id', '=', userId)
      .where(sql<boolean>`used_bytes + reserved_bytes + ${bytes} <= ${total}`)
      .returning('user_id')
      .executeTakeFirst();
    if (!row) throw quotaExceeded();
  }

  /** Turns a reservation into use (the upload completed): never refused, the bytes were held. */
  async commit(db: Exec, userId: number, reserved: number, used: number): Promise<void> {
    await db
      .updateTable('drives')
      .set((eb) => ({
        reserved_bytes: eb('reserved_bytes', '-', reserved),
        used_bytes: eb('used_bytes', '+', used),
      }))
      .where('user_id', '=', userId)
      .execute();
  }

  async release(db: Exec, userId: number, reserved: number): Promise<void> {
    if (reserved === 0) return;
    await db
      .updateTable('drives')
      .set((eb) => ({ reserved_bytes: eb('reserved_bytes', '-', reserved) }))
      .where('user_id', '=', userId)
      .execute();
  }

  async free(db: Exec, userId: number, bytes: number): Promise<void> {
    if (bytes === 0) return;
    await db
      .updateTable('drives')
      .set((eb) => ({ used_bytes: eb('used_bytes', '-', bytes) }))
      .where('user_id', '=', userId)
      .execute();
  }
}
