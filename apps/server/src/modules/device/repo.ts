import { CommandStatus, type CommandStatusValue } from '@phonecloud/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { FindCommandsTable, FindDevicesTable } from '../../db/schema.js';

export type DeviceRow = Selectable<FindDevicesTable>;
export type CommandRow = Selectable<FindCommandsTable>;

export interface NewCommand {
  id: string;
  deviceId: string;
  kind: string;
  payload: string;
  ip: string;
  userAgent: string;
  now: number;
}

/**
 * Queries of find-my-phone's phones and commands; every one names the user.
 * @package
 */
export class DevicesRepo {
  constructor(private readonly db: Db) {}

  list(userId: number): Promise<DeviceRow[]> {
    return this.db
      .selectFrom('find_devices')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  get(userId: number, deviceId: string): Promise<DeviceRow | undefined> {
    return this.db
      .selectFrom('find_devices')
      .selectAll()
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
  }

  /** The phone a device token belongs to: the one lookup not by user (the token names no user). */
  byTokenHash(hash: string): Promise<Pick<DeviceRow, 'user_id' | 'device_id'> | undefined> {
    return this.db
      .selectFrom('find_devices')
      .select(['user_id', 'device_id'])
      .where('token_hash', '=', hash)
      .executeTakeFirst();
  }

  /** Registers the phone, or signs it in again: a new token replaces the old one. */
  async upsert(
    userId: number,
    d: { deviceId: string; brand: string; model: string; functions: number[]; tokenHash: string },
    now: number,
  ): Promise<void> {
    const values = {
      brand: d.brand,
      model: d.model,
      functions: JSON.stringify(d.functions),
      token_hash: d.tokenHash,
      signed_in_at: now,
      last_seen_at: now,
      wiped_at: null,
    };
    await this.db
      .insertInto('find_devices')
      .values({
        user_id: userId,
        device_id: d.deviceId,
        ...values,
        locked: 0,
        lock_info: null,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'device_id']).doUpdateSet(values))
      .execute();
  }

  async update(userId: number, deviceId: string, set: Partial<Omit<DeviceRow, 'user_id' | 'device_id'>>) {
    await this.db
      .updateTable('find_devices')
      .set(set)
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .execute();
  }

  /** Removes the phone and its commands; answers false when there was none. */
  async remove(userId: number, deviceId: string): Promise<boolean> {
    await this.db
      .deleteFrom('find_commands')
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .execute();
    const res = await this.db
      .deleteFrom('find_devices')
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  /** Ends every device token of the user (a password change): each phone must sign in again. */
  async revokeAll(userId: number): Promise<void> {
    await this.db
      .updateTable('find_devices')
      .set({ token_hash: null })
      .where('user_id', '=', userId)
      .execute();
  }

  async addCommand(userId: number, c: NewCommand): Promise<void> {
    await this.db
      .insertInto('find_commands')
      .values({
        user_id: userId,
        id: c.id,
        device_id: c.deviceId,
        kind: c.kind,
        payload: c.payload,
        status: CommandStatus.PENDING,
        error: null,
        ip: c.ip,
        user_agent: c.userAgent,
        created_at: c.now,
        received_at: null,
        finished_at: null,
      })
      .execute();
  }

  command(userId: number, id: string): Promise<CommandRow | undefined> {
    return this.db
      .selectFrom('find_commands')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Commands waiting for the phone: pending and not yet acknowledged, oldest first. */
  undelivered(userId: number, deviceId: string, since: number): Promise<CommandRow[]> {
    return this.db
      .selectFrom('find_commands')
      .selectAll()
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .where('status', '=', CommandStatus.PENDING)
      .where('received_at', 'is', null)
      .where('created_at', '>', since)
      .orderBy('created_at')
      .execute();
  }

  pendingOfKind(userId: number, deviceId: string, kind: string): Promise<CommandRow | undefined> {
    return this.db
      .selectFrom('find_commands')
      .selectAll()
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .where('kind', '=', kind)
      .where('status', '=', CommandStatus.PENDING)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  async markReceived(userId: number, deviceId: string, id: string, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('find_commands')
      .set({ received_at: now })
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .where('id', '=', id)
      .where('received_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Sets a pending command's outcome; answers false when it was already settled (or is not the phone's). */
  async finish(
    userId: number,
    deviceId: string,
    id: string,
    status: CommandStatusValue,
    error: string | null,
    now: number,
  ): Promise<boolean> {
    const res = await this.db
      .updateTable('find_commands')
      .set((eb) => ({
        status,
        error,
        finished_at: now,
        received_at: eb.fn.coalesce('received_at', eb.val(now)),
      }))
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .where('id', '=', id)
      .where('status', '=', CommandStatus.PENDING)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Users with a command: housekeeping goes through them one by one. */
  async commandOwners(): Promise<number[]> {
    const rows = await this.db.selectFrom('find_commands').select('user_id').distinct().execute();
    return rows.map((r) => r.user_id);
  }

  async dropCommandsBefore(userId: number, before: number): Promise<void> {
    await this.db
      .deleteFrom('find_commands')
      .where('user_id', '=', userId)
      .where('created_at', '<', before)
      .execute();
  }

  history(userId: number, limit: number, deviceId?: string): Promise<CommandRow[]> {
    let q = this.db.selectFrom('find_commands').selectAll().where('user_id', '=', userId);
    if (deviceId) q = q.where('device_id', '=', deviceId);
    return q.orderBy('created_at', 'desc').limit(limit).execute();
  }
}
