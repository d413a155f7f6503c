import type { FindLocateData } from '@phonecloud/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { watchCommand, watchLocate } from './watchers';

const located = (latest: 0 | 1, error_info = ''): FindLocateData => ({
  latest,
  locked: 0,
  phone_location: null,
  error_info,
  is_online: 1,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('watchCommand', () => {
  it('asks every 3 s until the status is 2', async () => {
    const answers = [1, 1, 2];
    const check = vi.fn(async () => answers.shift() ?? 1);
    const onEnd = vi.fn();
    watchCommand({ check, onEnd, onError: vi.fn() });
    await vi.advanceTimersByTimeAsync(2_999);
    expect(check).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(check).toHaveBeenCalledTimes(3);
    expect(onEnd).toHaveBeenCalledWith('success');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(check).toHaveBeenCalledTimes(3);
  });
  it('stops at 3 and at "not received"', async () => {
    for (const [status, end] of [
      [3, 'failed'],
      [4, 'not_received'],
    ] as const) {
      const onEnd = vi.fn();
      const check = vi.fn(async () => status);
      watchCommand({ check, onEnd, onError: vi.fn() });
      await vi.advanceTimersByTimeAsync(9_000);
      expect(check).toHaveBeenCalledTimes(1);
      expect(onEnd).toHaveBeenCalledWith(end);
    }
  });
  it('tries again after a network failure, stops on a business error, and can be cancelled', async () => {
    const answers: Array<number | Error> = [new ApiError(0, 'net', 'network'), 1];
    const check = vi.fn(async () => {
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next ?? 1;
    });
    const onEnd = vi.fn();
    const cancel = watchCommand({ check, onEnd, onError: vi.fn() });
    await vi.advanceTimersByTimeAsync(6_000);
    expect(check).toHaveBeenCalledTimes(2);
    cancel();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(check).toHaveBeenCalledTimes(2);
    expect(onEnd).not.toHaveBeenCalled();

    const onError = vi.fn();
    const failing = vi.fn(async () => {
      throw new ApiError(1000, '指令不存在', 'business');
    });
    watchCommand({ check: failing, onEnd, onError });
    await vi.advanceTimersByTimeAsync(12_000);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledTimes(1);
  });
});

describe('watchLocate', () => {
  it('asks every 5 s until latest is 1, handing on every answer', async () => {
    const answers = [located(0), located(1)];
    const fetch = vi.fn(async () => answers.shift() ?? located(0));
    const onData = vi.fn();
    const onEnd = vi.fn();
    watchLocate({ fetch, onData, onEnd });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onData).toHaveBeenCalledTimes(2);
    expect(onEnd).toHaveBeenCalledWith({ kind: 'located', data: located(1) });
  });
  it('stops with the phone’s error', async () => {
    const onEnd = vi.fn();
    watchLocate({ fetch: async () => located(0, '定位服务已关闭'), onData: vi.fn(), onEnd });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onEnd).toHaveBeenCalledWith({ kind: 'error', message: '定位服务已关闭' });
  });
  it('gives up after 15 minutes: offline', async () => {
    const fetch = vi.fn(async () => located(0));
    const onEnd = vi.fn();
    watchLocate({ fetch, onData: vi.fn(), onEnd });
    await vi.advanceTimersByTimeAsync(899_999);
    expect(onEnd).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onEnd).toHaveBeenCalledWith({ kind: 'offline' });
    expect(fetch).toHaveBeenCalledTimes(180);
  });
});
