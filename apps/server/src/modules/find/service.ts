import {
  COMMAND_RECEIPT_TIMEOUT_MS,
  COMMAND_RESULT_TIMEOUT_MS,
  Code,
  type CommandKind,
  CommandStatus,
  type CommandStatusValue,
  DEVICE_ONLINE_WINDOW_MS,
  FIND_HISTORY_MAX,
  type FindDevice,
  type FindDeviceList,
  FindFunction,
  type FindFunctionValue,
  type FindLocateData,
  type FindLocateStart,
  FindMsg,
  type FindOpList,
  findNoticeText,
  isCommandKind,
  isValidPhone,
  normalizeEmail,
  normalizePhone,
  WIPE_FAILURE_WINDOW_MS,
  WIPE_FAILURES_MAX,
  WIPE_FIELD_MAX,
} from '@phonecloud/shared';
import type { FastifyBaseLogger } from 'fastify';
import { RateLimiter } from '../../db/rate-limit.js';
import type { AppDeps } from '../../http/context.js';
import { AppError, invalid } from '../../http/errors.js';
import { verifyPassword } from '../../lib/credentials/password.js';
import { randomToken } from '../../lib/crypto.js';
import { describeAgent } from '../../lib/user-agent.js';
import type { DeviceRow, Phones } from '../device/index.js';
import { type UserRow, Users } from '../users/index.js';

/** Where a command was issued from: the history shows it. */
export interface Origin {
  ip: string;
  userAgent: string;
  log: FastifyBaseLogger;
}

function functionsOf(row: DeviceRow): FindFunctionValue[] {
  try {
    const list: unknown = JSON.parse(row.functions);
    return Array.isArray(list) ? list.filter((f): f is FindFunctionValue => [1, 2, 3].includes(f)) : [];
  } catch {
    return [];
  }
}

/** Whether `name` (as typed in the wipe dialog) is one of the account's names. */
function namesUser(user: UserRow, name: string): boolean {
  const t = name.trim();
  if (t === user.username) return true;
  if (user.phone && isValidPhone(t) && normalizePhone(t) === user.phone) return true;
  return Boolean(user.email && t.includes('@') && normalizeEmail(t) === user.email);
}

/** The portal's find-my-phone (spec 001 §2, §4, §7): every call is scoped by the signed-in user. */
export class FindService {
  private readonly users: Users;
  private readonly limiter: RateLimiter;

  constructor(
    private readonly deps: AppDeps,
    private readonly phones: Phones,
  ) {
    this.users = new Users(deps.db);
    this.limiter = new RateLimiter(deps.db);
  }

  private online(row: DeviceRow): boolean {
    return (
      row.token_hash !== null &&
      row.wiped_at === null &&
      this.deps.clock.now() - row.last_seen_at <= DEVICE_ONLINE_WINDOW_MS
    );
  }

  private view(row: DeviceRow): FindDevice {
    return {
      device_id: row.device_id,
      brand: row.brand,
      model: row.model,
      is_online: this.online(row) ? 1 : 0,
      functions: functionsOf(row),
      locked: row.locked ? 1 : 0,
    };
  }

  /** The user's phone, or an error that does not say whether another user has one of that id. */
  private async device(userId: number, deviceId: string): Promise<DeviceRow> {
    const row = await this.phones.get(userId, deviceId);
    if (!row) throw invalid(FindMsg.DEVICE_NOT_FOUND);
    return row;
  }

  async list(userId: number): Promise<FindDeviceList> {
    const list = (await this.phones.list(userId)).map((r) => this.view(r));
    return { count: list.length, list };
  }

  async remove(userId: number, deviceId: string): Promise<void> {
    if (!(await this.phones.remove(userId, deviceId))) throw invalid(FindMsg.DEVICE_NOT_FOUND);
  }

  /**
   * Sends a command, which wakes the phone's poll wherever it is held. A command other than
   * locate to a phone that is not online answers 8001 at once: nobody would receive it.
   */
  private async issue(
    userId: number,
    row: DeviceRow,
    kind: CommandKind,
    payload: Record<string, string>,
    origin: Origin,
  ): Promise<string> {
    if (kind !== 'locate' && !this.online(row))
      throw new AppError(Code.PHONE_NO_ANSWER, FindMsg.PHONE_NO_ANSWER);
    const id = randomToken(12);
    await this.phones.send(userId, {
      id,
      deviceId: row.device_id,
      kind,
      payload: JSON.stringify(payload),
      ip: origin.ip,
      userAgent: origin.userAgent.slice(0, 500),
      now: this.deps.clock.now(),
    });
    return id;
  }

  private need(row: DeviceRow, fn: FindFunctionValue) {
    if (!functionsOf(row).includes(fn)) throw invalid(FindMsg.FUNCTION_UNSUPPORTED);
  }

  async locate(userId: number, deviceId: string, origin: Origin): Promise<FindLocateStart> {
    const row = await this.device(userId, deviceId);
    await this.phones.askLocation(userId, deviceId, this.deps.clock.now());
    const command_id = await this.issue(userId, row, 'locate', {}, origin);
    return { brand: row.brand, model: row.model, command_id };
  }

  async phoneLocation(userId: number, deviceId: string): Promise<FindLocateData> {
    const row = await this.device(userId, deviceId);
    const has = row.located_at !== null && row.longitude !== null && row.latitude !== null;
    const fresh = has && (row.locate_asked_at === null || (row.located_at ?? 0) >= row.locate_asked_at);
    return {
      latest: fresh ? 1 : 0,
      locked: row.locked ? 1 : 0,
      phone_location: has
        ? {
            longitude: row.longitude ?? 0,
            latitude: row.latitude ?? 0,
            accuracy: row.accuracy ?? 0,
            locate_time: row.locate_time ?? 0,
            location: row.place ?? '',
          }
        : null,
      error_info: row.locate_error ?? '',
      is_online: this.online(row) ? 1 : 0,
    };
  }

  async lock(
    userId: number,
    deviceId: string,
    option: 0 | 1,
    lockInfo: string,
    origin: Origin,
  ): Promise<string> {
    const row = await this.device(userId, deviceId);
    this.need(row, FindFunction.LOCK);
    if (option === 0) return this.issue(userId, row, 'unlock', {}, origin);
    const id = await this.issue(userId, row, 'lock', { lock_info: lockInfo }, origin);
    await this.tellOwner(userId, 'lock', row, origin);
    return id;
  }

  async isLocked(userId: number, deviceId: string): Promise<{ locked: 0 | 1 }> {
    return { locked: (await this.device(userId, deviceId)).locked ? 1 : 0 };
  }

  async ring(userId: number, deviceId: string, option: 0 | 1, code: string, origin: Origin): Promise<string> {
    const row = await this.device(userId, deviceId);
    this.need(row, FindFunction.RING);
    if (option === 0) return this.issue(userId, row, 'stop_ring', {}, origin);
    return this.issue(userId, row, 'ring', { ring_code: code }, origin);
  }

  /**
   * Wipe: the account's name and password checked here (1013; after five wrong ones in 15
   * minutes, 1014 until the window passes), one wipe at a time, the owner told.
   */
  async wipe(
    userId: number,
    deviceId: string,
    userName: string,
    password: string,
    origin: Origin,
  ): Promise<string> {
    const row = await this.device(userId, deviceId);
    this.need(row, FindFunction.WIPE);
    const now = this.deps.clock.now();
    const key = `wipe:u:${userId}`;
    if ((await this.limiter.count(key, WIPE_FAILURE_WINDOW_MS, now)) >= WIPE_FAILURES_MAX) {
      throw new AppError(Code.TOO_MANY_FAILURES);
    }
    const user = await this.users.byId(userId);
    const fits = userName.length <= WIPE_FIELD_MAX && password.length <= WIPE_FIELD_MAX;
    const right =
      user && fits
        ? namesUser(user, userName) && (await verifyPassword(user.password_hash, password))
        : false;
    if (!right) {
      await this.limiter.hit(key, WIPE_FAILURE_WINDOW_MS, now);
      throw new AppError(Code.BAD_CREDENTIALS);
    }
    if (await this.phones.pendingOfKind(userId, deviceId, 'wipe')) throw invalid(FindMsg.WIPE_PENDING);
    const id = await this.issue(userId, row, 'wipe', {}, origin);
    await this.tellOwner(userId, 'wipe', row, origin);
    return id;
  }

  /**
   * A command's status; one the phone never acknowledged in time becomes "not received" (4), one
   * it acknowledged and never reported on, failed (3).
   */
  async commandResult(userId: number, commandId: string): Promise<{ command_status: CommandStatusValue }> {
    const cmd = await this.phones.command(userId, commandId);
    if (!cmd) throw invalid(FindMsg.COMMAND_NOT_FOUND);
    const now = this.deps.clock.now();
    if (
      cmd.status === CommandStatus.PENDING &&
      cmd.received_at === null &&
      now - cmd.created_at >= COMMAND_RECEIPT_TIMEOUT_MS
    ) {
      await this.phones.finish(userId, cmd.device_id, cmd.id, CommandStatus.NOT_RECEIVED, null, now);
      return { command_status: CommandStatus.NOT_RECEIVED };
    }
    if (
      cmd.status === CommandStatus.PENDING &&
      cmd.received_at !== null &&
      now - cmd.received_at >= COMMAND_RESULT_TIMEOUT_MS
    ) {
      // The phone took it and went silent: the portal stops waiting.
      await this.phones.finish(
        userId,
        cmd.device_id,
        cmd.id,
        CommandStatus.FAILED,
        FindMsg.COMMAND_FAILED,
        now,
      );
      return { command_status: CommandStatus.FAILED };
    }
    return { command_status: cmd.status as CommandStatusValue };
  }

  async history(userId: number, deviceId?: string): Promise<FindOpList> {
    const devices = new Map((await this.phones.list(userId)).map((d) => [d.device_id, d]));
    const rows = await this.phones.history(userId, FIND_HISTORY_MAX, deviceId);
    const list = rows.flatMap((r) => {
      if (!isCommandKind(r.kind)) return [];
      const d = devices.get(r.device_id);
      return [
        {
          command_id: r.id,
          device_id: r.device_id,
          brand: d?.brand ?? '',
          model: d?.model ?? '',
          kind: r.kind,
          command_status: r.status as CommandStatusValue,
          created_at: r.created_at,
          finished_at: r.finished_at,
          ip: r.ip,
          browser: describeAgent(r.user_agent),
        },
      ];
    });
    return { count: list.length, list };
  }

  /** The owner hears of a lock or wipe by e-mail (or, without one, by SMS); a failed delivery is logged. */
  private async tellOwner(userId: number, kind: 'lock' | 'wipe', row: DeviceRow, origin: Origin) {
    const user = await this.users.byId(userId);
    const to = user?.email ?? user?.phone;
    if (!user || !to) return;
    try {
      await this.deps.messenger.send({
        channel: user.email ? 'email' : 'sms',
        to,
        subject: kind === 'lock' ? '手机锁定通知' : '手机擦除通知',
        text: findNoticeText(this.deps.config.productName, kind, row, origin.ip),
      });
    } catch (err) {
      origin.log.warn({ err, userId }, 'find-my-phone notice not delivered');
    }
  }
}
