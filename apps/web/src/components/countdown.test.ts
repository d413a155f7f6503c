import { Msg, RESEND_WAIT_SECONDS } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { createCountdown, sendCodeLabel, type Timers } from './countdown';

/** A clock the test moves by hand; intervals fire as it passes their times. */
function manualTimers() {
  let now = 1_000_000;
  const intervals = new Map<number, { fn: () => void; every: number; next: number }>();
  let ids = 0;
  const timers: Timers = {
    now: () => now,
    setInterval: (fn, every) => {
      ids += 1;
      intervals.set(ids, { fn, every, next: now + every });
      return ids;
    },
    clearInterval: (id) => {
      intervals.delete(id as number);
    },
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...intervals.values()].filter((i) => i.next <= end).sort((a, b) => a.next - b.next)[0];
      if (!due) break;
      now = due.next;
      due.next += due.every;
      due.fn();
    }
    now = end;
  };
  return { timers, advance, running: () => intervals.size };
}

describe('countdown', () => {
  it('ticks down once a second from the resend wait and stops at zero', () => {
    const clock = manualTimers();
    const countdown = createCountdown(clock.timers);
    const seen: number[] = [];
    countdown.subscribe(() => seen.push(countdown.secondsLeft()));
    countdown.start(RESEND_WAIT_SECONDS);
    expect(countdown.secondsLeft()).toBe(60);
    clock.advance(1000);
    expect(countdown.secondsLeft()).toBe(59);
    clock.advance(58_000);
    expect(countdown.secondsLeft()).toBe(1);
    clock.advance(1000);
    expect(countdown.secondsLeft()).toBe(0);
    expect(clock.running()).toBe(0);
    expect(seen).toEqual(Array.from({ length: 61 }, (_, i) => 60 - i));
  });
  it('counts from the deadline, so a late tick shows the true remainder', () => {
    const clock = manualTimers();
    const countdown = createCountdown(clock.timers);
    countdown.start(60);
    // A background tab may skip ticks: the next one still shows the real time left.
    clock.advance(30_400);
    expect(countdown.secondsLeft()).toBe(30);
  });
  it('restarts and stops on demand', () => {
    const clock = manualTimers();
    const countdown = createCountdown(clock.timers);
    countdown.start(60);
    clock.advance(10_000);
    countdown.start(60);
    expect(countdown.secondsLeft()).toBe(60);
    expect(clock.running()).toBe(1);
    countdown.stop();
    expect(countdown.secondsLeft()).toBe(0);
    expect(clock.running()).toBe(0);
  });
  it('labels the send button before, during and after the wait', () => {
    expect(sendCodeLabel(0, false)).toBe(Msg.SEND_CODE);
    expect(sendCodeLabel(60, true)).toBe('60s后重新获取');
    expect(sendCodeLabel(1, true)).toBe('1s后重新获取');
    expect(sendCodeLabel(0, true)).toBe(Msg.GET_AGAIN);
  });
});
