import type { CommandStatusValue } from '@phonecloud/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index.js';
import { deviceKey } from './hub.js';
import { type CommandRow, type DeviceRow, DevicesRepo, type NewCommand } from './repo.js';
import { type Wakeup, wakeupFor } from './wakeup.js';

/**
 * The user's phones as the portal's find-my-phone sees them: their records, the commands sent to
 * them and their outcomes. A command sent here wakes the phone's poll wherever it is held.
 */
export class Phones {
  private readonly repo: DevicesRepo;

  constructor(
    private readonly db: Db,
    private readonly wakeup: Wakeup,
  ) {
    this.repo = new DevicesRepo(db);
  }

  list(userId: number): Promise<DeviceRow[]> {
    return this.repo.list(userId);
  }

  get(userId: number, deviceId: string): Promise<DeviceRow | undefined> {
    return this.repo.get(userId, deviceId);
  }

  /** Removes the phone and its commands; answers false when there was none. */
  remove(userId: number, deviceId: string): Promise<boolean> {
    return this.repo.remove(userId, deviceId);
  }

  /** Notes that a fresh location was asked for: an older one is no longer the latest. */
  async askLocation(userId: number, deviceId: string, now: number): Promise<void> {
    await this.repo.update(userId, deviceId, { locate_asked_at: now, locate_error: null });
  }

  /** Writes the command and wakes the phone it is for. */
  async send(userId: number, command: NewCommand): Promise<void> {
    await this.repo.addCommand(userId, command);
    await this.wakeup.publish(this.db, deviceKey(userId, command.deviceId));
  }

  command(userId: number, id: string): Promise<CommandRow | undefined> {
    return this.repo.command(userId, id);
  }

  pendingOfKind(userId: number, deviceId: string, kind: string): Promise<CommandRow | undefined> {
    return this.repo.pendingOfKind(userId, deviceId, kind);
  }

  /** Sets a pending command's outcome; answers false when it was already settled. */
  finish(
    userId: number,
    deviceId: string,
    id: string,
    status: CommandStatusValue,
    error: string | null,
    now: number,
  ): Promise<boolean> {
    return this.repo.finish(userId, deviceId, id, status, error, now);
  }

  history(userId: number, limit: number, deviceId?: string): Promise<CommandRow[]> {
    return this.repo.history(userId, limit, deviceId);
  }
}

/** The instance's phones: one wake-up per database, shared with the phone's side. */
export function phonesFor(db: Db, log: FastifyBaseLogger): Phones {
  return new Phones(db, wakeupFor(db, log));
}

/** Drops every command created before `before`, user by user (the history's retention). */
export async function dropCommandsBefore(db: Db, before: number): Promise<void> {
  const repo = new DevicesRepo(db);
  for (const userId of await repo.commandOwners()) await repo.dropCommandsBefore(userId, before);
}
