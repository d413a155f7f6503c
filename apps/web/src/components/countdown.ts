import { Msg } from '@phonecloud/shared';

export interface Timers {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realTimers: Timers = {
  now: () => Date.now(),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

/**
 * A countdown to a deadline, ticking each second. It counts from the deadline rather than by
 * ticks, so a throttled background tab still shows the right number when it wakes up.
 */
export interface Countdown {
  subscribe(listener: () => void): () => void;
  secondsLeft(): number;
  start(seconds: number): void;
  stop(): void;
}

export function createCountdown(timers: Timers = realTimers): Countdown {
  let deadline = 0;
  let handle: unknown = null;
  let left = 0;
  const listeners = new Set<() => void>();

  const compute = () => Math.max(0, Math.ceil((deadline - timers.now()) / 1000));
  const update = () => {
    const next = compute();
    if (next === 0) stop();
    if (next !== left) {
      left = next;
      for (const listener of listeners) listener();
    }
  };
  function stop() {
    if (handle !== null) timers.clearInterval(handle);
    handle = null;
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    secondsLeft: () => left,
    start(seconds) {
      stop();
      deadline = timers.now() + seconds * 1000;
      handle = timers.setInterval(update, 1000);
      update();
    },
    stop() {
      stop();
      deadline = 0;
      update();
    },
  };
}

/** Label of a send-code button: '获取验证码', then '60s后重新获取' ticking down, then '重新获取'. */
export function sendCodeLabel(secondsLeft: number, sentBefore: boolean): string {
  if (secondsLeft > 0) return `${secondsLeft}s后${Msg.GET_AGAIN}`;
  return sentBefore ? Msg.GET_AGAIN : Msg.SEND_CODE;
}
