import {
  COMMAND_RECEIPT_TIMEOUT_MS,
  Code,
  CommandStatus,
  DEVICE_SIGNIN_FAILURE_WINDOW_MS,
  DEVICE_SIGNIN_FAILURES_MAX,
  DEVICE_SIGNIN_FAILURES_PER_ADDRESS_MAX,
  type DeviceCommand,
  type DeviceSigninDone,
  type DeviceSigninStarted,
  type DeviceState,
  FindMsg,
  isCommandKind,
  maskEmail,
  maskPhone,
} from '@phonecloud/shared';
import type { DeviceLocationBody, DeviceSigninFinishBody } from '@phonecloud/shared/api';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { RateLimiter } from '../../db/rate-limit.js';
import type { AppDeps } from '../../http/context.js';
import { AppError, invalid } from '../../http/errors.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/credentials/password.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { CodeService } from '../codes/index.js';
import { normalizeLogin, Users } from '../users/index.js';
import { deviceKey } from './hub.js';
import { type CommandRow, DevicesRepo } from './repo.js';
import type { Wakeup } from './wakeup.js';

/**
 * The phone a request's device token names.
 * @package
 */
export interface DeviceAuth {
  userId: number;
  deviceId: string;
}

/** @package */
export const hashDeviceToken = (token: string) => sha256Hex(`device-token:${token}`);

/** Holds of at least this long end up to a fifth early, at random (see `heldFor`). */
const JITTER_FROM_MS = 5_000;

/**
 * How long a poll is held: a long one ends a random part of a fifth early. Phones that polled
 * together (all of them after a restart, or a bench's swarm) would otherwise all poll again in
 * the same instant every 25 s, forever: thousands of answers and new polls at once held the
 * serving thread for a second or more on a busy two-core host, and a command sent then waited
 * behind them. Ending early is any long poll's right; the phone just polls again.
 * @package
 */
export function heldFor(waitMs: number): number {
  if (waitMs < JITTER_FROM_MS) return waitMs;
  return waitMs - Math.floor(Math.random() * (waitMs / 5));
}

/**
 * The phone's side: sign-in, heartbeats, locations, the command poll, receipts and results.
 * @package
 */
export class DeviceService {
  private readonly repo: DevicesRepo;
  private readonly users: Users;
  private readonly limiter: RateLimiter;
  private readonly codes: CodeService;

  constructor(
    private readonly deps: AppDeps,
    private readonly wakeup: Wakeup,
  ) {
    this.repo = new DevicesRepo(deps.db);
    this.users = new Users(deps.db);
    this.limiter = new RateLimiter(deps.db);
    this.codes = new CodeService(deps);
  }

  /**
   * Step 1: the account's password. Right, a code goes to the bound phone (or, without one, the
   * e-mail) and the answer names the challenge the code belongs to. Wrong passwords count per
   * account (1013, then 1014 for the rest of the window): a phone has no captcha to show.
   */
  async signinStart(
    account: string,
    password: string,
    origin: { ip: string; log: FastifyBaseLogger },
  ): Promise<DeviceSigninStarted> {
    const now = this.deps.clock.now();
    const name = normalizeLogin(account);
    const user = await this.users.byLogin(name);
    // Counted per address and account, and per address: a stranger's wrong passwords stop the
    // stranger, never the owner signing in from elsewhere; an unknown name is counted and
    // answered exactly as a known one, so the answers tell no name that exists.
    const pairKey = `device-signin:${origin.ip}:${user ? `u${user.id}` : `n${name.toLowerCase()}`}`;
    const ipKey = `device-signin:ip:${origin.ip}`;
    const window = DEVICE_SIGNIN_FAILURE_WINDOW_MS;
    if (
      (await this.limiter.count(pairKey, window, now)) >= DEVICE_SIGNIN_FAILURES_MAX ||
      (await this.limiter.count(ipKey, window, now)) >= DEVICE_SIGNIN_FAILURES_PER_ADDRESS_MAX
    ) {
      throw new AppError(Code.TOO_MANY_FAILURES);
    }
    const right = user ? await verifyPassword(user.password_hash, password) : false;
    if (!user) await burnPasswordCheck(password);
    if (!user || !right) {
      await this.limiter.hit(pairKey, window, now);
      await this.limiter.hit(ipKey, window, now);
      throw new AppError(Code.BAD_CREDENTIALS);
    }
    await this.limiter.reset(pairKey);
    const channel = user.phone ? 'sms' : user.email ? 'email' : null;
    const to = user.phone ?? user.email;
    if (!channel || !to) throw invalid(FindMsg.NO_CODE_CHANNEL);
    const challenge = randomToken(18);
    await this.codes.issue({
      purpose: this.purpose(user.id, challenge),
      channel,
      to,
      // The same 60 s limit as the portal's verification codes of this account and channel.
      rateKeys: [`send:u:${user.id}:${channel}`],
      describe: (code) =>
        `${this.deps.config.productName}：您正在登录查找手机设备，验证码 ${code}，10分钟内有效。如非本人操作，请修改密码。`,
      origin: { ip: origin.ip, userId: user.id, log: origin.log },
    });
    return {
      challenge: `${user.id}.${challenge}`,
      channel,
      target: channel === 'sms' ? maskPhone(to) : maskEmail(to),
    };
  }

  private purpose(userId: number, challenge: string) {
    return `device-signin:u:${userId}:${challenge}`;
  }

  /** Step 2: the code and the phone's particulars; answers the device token (shown once). */
  async signinFinish(input: z.output<typeof DeviceSigninFinishBody>): Promise<DeviceSigninDone> {
    const m = /^(\d+)\.([A-Za-z0-9_-]+)$/.exec(input.challenge);
    if (!m) throw new AppError(Code.TICKET_EXPIRED);
    const userId = Number(m[1]);
    await this.codes.consume(this.purpose(userId, m[2] ?? ''), input.code);
    const token = randomToken(32);
    await this.repo.upsert(
      userId,
      {
        deviceId: input.device_id,
        brand: input.brand,
        model: input.model,
        functions: [...new Set(input.functions)].sort(),
        tokenHash: hashDeviceToken(token),
      },
      this.deps.clock.now(),
    );
    return { token, device_id: input.device_id };
  }

  async heartbeat(d: DeviceAuth): Promise<DeviceState> {
    await this.repo.update(d.userId, d.deviceId, { last_seen_at: this.deps.clock.now() });
    const row = await this.repo.get(d.userId, d.deviceId);
    return { device_id: d.deviceId, locked: row?.locked ? 1 : 0 };
  }

  async signout(d: DeviceAuth): Promise<void> {
    await this.repo.update(d.userId, d.deviceId, { token_hash: null });
  }

  async location(d: DeviceAuth, r: z.output<typeof DeviceLocationBody>): Promise<void> {
    const now = this.deps.clock.now();
    await this.repo.update(d.userId, d.deviceId, {
      longitude: r.longitude,
      latitude: r.latitude,
      accuracy: r.accuracy,
      locate_time: r.locate_time,
      place: r.location,
      located_at: now,
      locate_error: null,
      last_seen_at: now,
    });
    if (r.command_id)
      await this.repo.finish(d.userId, d.deviceId, r.command_id, CommandStatus.SUCCESS, null, now);
  }

  /**
   * The command poll: answers the phone's waiting commands at once, or holds until one is
   * written (woken through the hub) or `waitMs` ends. The waiter is registered before the
   * database is read, so a command written in between is not missed.
   */
  async poll(d: DeviceAuth, waitMs: number, signal: AbortSignal): Promise<DeviceCommand[]> {
    const key = deviceKey(d.userId, d.deviceId);
    this.wakeup.lastSeen.touch(d.userId, d.deviceId, this.deps.clock.now());
    const deadline = Date.now() + heldFor(waitMs);
    for (;;) {
      const remaining = deadline - Date.now();
      if (this.wakeup.isClosed) return [];
      const waiter = this.wakeup.hub.wait(key, Math.max(remaining, 0), signal);
      const since = this.deps.clock.now() - COMMAND_RECEIPT_TIMEOUT_MS;
      let rows: CommandRow[];
      try {
        rows = await this.repo.undelivered(d.userId, d.deviceId, since);
      } catch (err) {
        waiter.cancel();
        // The server is shutting down under this poll: the phone just polls again elsewhere.
        if (this.wakeup.isClosed) return [];
        throw err;
      }
      if (rows.length > 0 || remaining <= 0 || signal.aborted || this.wakeup.isClosed) {
        waiter.cancel();
        return rows.map(toDeviceCommand);
      }
      if (!(await waiter.woken) || this.wakeup.isClosed) return [];
    }
  }

  async ack(d: DeviceAuth, commandId: string): Promise<void> {
    const now = this.deps.clock.now();
    await this.repo.markReceived(d.userId, d.deviceId, commandId, now);
    this.wakeup.lastSeen.touch(d.userId, d.deviceId, now);
  }

  /** The command's outcome; what it changes on the phone's record (locked, wiped) follows it. */
  async result(d: DeviceAuth, commandId: string, success: boolean, error: string | undefined): Promise<void> {
    const now = this.deps.clock.now();
    const cmd = await this.repo.command(d.userId, commandId);
    if (!cmd || cmd.device_id !== d.deviceId) throw invalid(FindMsg.COMMAND_NOT_FOUND);
    const status = success ? CommandStatus.SUCCESS : CommandStatus.FAILED;
    if (!(await this.repo.finish(d.userId, d.deviceId, commandId, status, error ?? null, now))) return;
    this.wakeup.lastSeen.touch(d.userId, d.deviceId, now);
    if (!success) {
      if (cmd.kind === 'locate') {
        await this.repo.update(d.userId, d.deviceId, { locate_error: error || FindMsg.COMMAND_FAILED });
      }
      return;
    }
    if (cmd.kind === 'lock') {
      const payload = JSON.parse(cmd.payload) as { lock_info?: string };
      await this.repo.update(d.userId, d.deviceId, { locked: 1, lock_info: payload.lock_info ?? null });
    } else if (cmd.kind === 'unlock') {
      await this.repo.update(d.userId, d.deviceId, { locked: 0 });
    } else if (cmd.kind === 'wipe') {
      // A wiped phone has forgotten the account: its token ends with its data.
      await this.repo.update(d.userId, d.deviceId, { wiped_at: now, token_hash: null, locked: 0 });
    }
  }
}

function toDeviceCommand(row: CommandRow): DeviceCommand {
  const payload = JSON.parse(row.payload) as { lock_info?: string; ring_code?: string };
  if (!isCommandKind(row.kind)) throw new Error(`unknown command kind ${row.kind}`);
  return { command_id: row.id, kind: row.kind, created_at: row.created_at, ...payload };
}
