import { Code, DEVICE_HEARTBEAT_MS, DEVICE_POLL_HOLD_MS, type DeviceCommand } from '@phonecloud/shared';
import { type DeviceApiClient, DeviceApiError } from './api.js';
import { positionAt, WEST_LAKE_ROUTE } from './route.js';
import type { PhoneFolder, PhoneState } from './state.js';

export type PhoneEnd = 'stopped' | 'wiped' | 'signed-out';

export interface PhoneOptions {
  api: DeviceApiClient;
  folder: PhoneFolder;
  state: PhoneState;
  /** Where the phone's screen and speaker "print". */
  log: (line: string) => void;
  /** How often the phone reports its location and sends a heartbeat. */
  reportEveryMs?: number;
  /** How long each command poll may be held by the server. */
  pollWaitMs?: number;
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;
const RING_PRINT_MS = 3_000;
const DONE_KEPT = 100;
const REPORT_TRIES = 8;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });

/**
 * The phone: reports where it is (walking round West Lake), holds a command poll and carries
 * out what arrives (locate, ring, lock, unlock, wipe), acknowledging each command as soon as it
 * has it. A dropped server is waited for and reconnected; a revoked token ends the run.
 */
export class Phone {
  private readonly stopper = new AbortController();
  private ringing: { code: string; timer: NodeJS.Timeout } | null = null;
  private end: PhoneEnd = 'stopped';
  // Set from the wipe's first step: the server revokes the token as the wipe is reported, so the
  // other loop may meet the revoked token meanwhile; the wipe, not a sign-out, ends the run.
  private wiping = false;
  private connected = true;

  constructor(private readonly opts: PhoneOptions) {}

  get state(): PhoneState {
    return this.opts.state;
  }
  get isRinging(): boolean {
    return this.ringing !== null;
  }

  private log(line: string) {
    this.opts.log(line);
  }

  private save() {
    this.opts.folder.write(this.state);
  }

  private here() {
    const p = positionAt(WEST_LAKE_ROUTE, (Date.now() - this.state.started_at) / 1000);
    return {
      longitude: Number(p.longitude.toFixed(6)),
      latitude: Number(p.latitude.toFixed(6)),
      accuracy: 10 + (Math.floor(Date.now() / 1000) % 20),
      locate_time: Date.now(),
      location: p.place,
    };
  }

  /** Runs until stopped, wiped or signed out; answers which. */
  async run(): Promise<PhoneEnd> {
    this.log(
      `手机 ${this.state.brand} ${this.state.model}（${this.state.device_id}）已启动，服务器 ${this.opts.api.server}`,
    );
    if (this.state.locked) this.showLock();
    await Promise.all([this.reportLoop(), this.pollLoop()]);
    this.stopRinging();
    return this.end;
  }

  stop(end: PhoneEnd = 'stopped') {
    if (this.wiping && end !== 'wiped') return;
    this.end = end;
    this.stopper.abort();
  }

  /** The code typed on the phone: the right one ends the ringing. */
  enterCode(code: string): boolean {
    if (!this.ringing) return false;
    if (code.trim() !== this.ringing.code) {
      this.log('密码错误，手机继续响铃');
      return false;
    }
    this.stopRinging();
    this.log('密码正确，响铃已停止');
    return true;
  }

  private async guard<T>(what: () => Promise<T>): Promise<T | undefined> {
    try {
      const out = await what();
      if (!this.connected) this.log('已重新连接服务器');
      this.connected = true;
      return out;
    } catch (err) {
      if (err instanceof DeviceApiError && err.code === Code.NOT_LOGGED_IN) {
        if (this.wiping) return undefined;
        this.log('设备登录已失效（设备已被删除或账号密码已修改），请重新登录');
        this.state.token = null;
        this.save();
        this.stop('signed-out');
        return undefined;
      }
      if (this.stopper.signal.aborted) return undefined;
      if (this.connected)
        this.log(`与服务器的连接中断（${err instanceof Error ? err.message : String(err)}），稍后重连`);
      this.connected = false;
      throw err;
    }
  }

  private async reportLoop() {
    const every = this.opts.reportEveryMs ?? DEVICE_HEARTBEAT_MS;
    while (!this.stopper.signal.aborted) {
      try {
        await this.guard(() => this.opts.api.heartbeat());
        if (!this.stopper.signal.aborted) await this.guard(() => this.opts.api.location(this.here()));
      } catch {
        // The poll loop reports the outage; reports resume with it.
      }
      await sleep(every, this.stopper.signal);
    }
  }

  private async pollLoop() {
    let backoff = RECONNECT_MIN_MS;
    while (!this.stopper.signal.aborted) {
      let commands: DeviceCommand[] | undefined;
      try {
        commands = await this.guard(() =>
          this.opts.api.poll(this.opts.pollWaitMs ?? DEVICE_POLL_HOLD_MS, this.stopper.signal),
        );
        backoff = RECONNECT_MIN_MS;
      } catch {
        await sleep(backoff, this.stopper.signal);
        backoff = Math.min(backoff * 2, RECONNECT_MAX_MS);
        continue;
      }
      for (const c of commands ?? []) {
        if (this.stopper.signal.aborted) break;
        try {
          await this.handle(c);
        } catch {
          // Unanswered: the server hands the command out again until it is acknowledged.
        }
      }
    }
  }

  private async handle(c: DeviceCommand) {
    const api = this.opts.api;
    await this.guard(() => api.ack(c.command_id));
    if (this.state.done.includes(c.command_id)) return;
    const ok = () => this.report(c.command_id);
    switch (c.kind) {
      case 'locate': {
        const here = this.here();
        await this.guard(() => api.location({ ...here, command_id: c.command_id }));
        this.log(`收到定位指令：已上报位置 ${here.location}（${here.longitude}, ${here.latitude}）`);
        break;
      }
      case 'ring': {
        this.startRinging(c.ring_code ?? '');
        await ok();
        break;
      }
      case 'stop_ring': {
        this.stopRinging();
        this.log('收到停止响铃指令：响铃已停止');
        await ok();
        break;
      }
      case 'lock': {
        this.state.locked = true;
        this.state.lock_info = c.lock_info ?? '';
        this.save();
        this.showLock();
        await ok();
        this.log('收到锁定指令：手机已锁定');
        break;
      }
      case 'unlock': {
        this.state.locked = false;
        this.state.lock_info = null;
        this.save();
        await ok();
        this.log('收到解锁指令：手机已解锁');
        break;
      }
      case 'wipe': {
        this.wiping = true;
        this.log('收到擦除指令：正在擦除手机数据……');
        // The result goes first: once the folder is gone, so is the token that reports it. The
        // wipe happens whether or not the report got through.
        await ok().catch(() => undefined);
        this.opts.folder.erase();
        this.log('手机数据已擦除，停止上报位置');
        this.stop('wiped');
        return;
      }
    }
    this.state.done = [...this.state.done, c.command_id].slice(-DONE_KEPT);
    this.save();
  }

  /**
   * Reports a command done, retrying through a short outage: the command was acknowledged, so
   * the server will not hand it out again and this report is the only word the portal gets.
   */
  private async report(commandId: string): Promise<void> {
    let wait = RECONNECT_MIN_MS;
    for (let i = 0; i < REPORT_TRIES && !this.stopper.signal.aborted; i++) {
      try {
        await this.guard(() => this.opts.api.result({ command_id: commandId, success: true }));
        return;
      } catch {
        await sleep(wait, this.stopper.signal);
        wait = Math.min(wait * 2, RECONNECT_MAX_MS);
      }
    }
  }

  private showLock() {
    this.log('┌──────── 手机已锁定 ────────');
    this.log(`│ ${this.state.lock_info ?? ''}`);
    this.log('└────────────────────────────');
  }

  private startRinging(code: string) {
    this.stopRinging();
    this.log('收到响铃指令：手机正在响铃！（在此输入 6 位密码可停止响铃）');
    const timer = setInterval(() => this.log('铃……铃……手机正在响铃'), RING_PRINT_MS);
    timer.unref();
    this.ringing = { code, timer };
  }

  private stopRinging() {
    if (!this.ringing) return;
    clearInterval(this.ringing.timer);
    this.ringing = null;
  }
}
