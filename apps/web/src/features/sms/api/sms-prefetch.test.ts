import type { SmsData } from '@phonecloud/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { smsCalls } from './sms-calls';
import { prefetchSmsOpening, takePrefetchedDetail, takePrefetchedList } from './sms-prefetch';

vi.mock('./sms-calls', () => ({ smsCalls: { list: vi.fn(), detail: vi.fn() } }));
const calls = vi.mocked(smsCalls);

const box: SmsData = {
  sync_version: 1,
  sms_list: {},
  collection_list: [],
  favourite_list: [],
  contactIcon_list: {},
};

function openAt(hash: string) {
  vi.stubGlobal('window', { location: { hash } });
}

afterEach(() => {
  takePrefetchedList();
  vi.unstubAllGlobals();
  vi.resetAllMocks();
});

describe('prefetchSmsOpening', () => {
  it('hands list.do and the opened conversation to the area once', async () => {
    openAt('#/sms/full/%2B86%20138-0013-8000.42');
    calls.list.mockResolvedValue(box);
    calls.detail.mockResolvedValue({} as never);
    prefetchSmsOpening();
    expect(calls.detail).toHaveBeenCalledWith('13800138000', null, '42');
    expect(takePrefetchedDetail('13800138000', null)).toBeNull();
    expect(takePrefetchedDetail('13800138000', '42')).not.toBeNull();
    expect(takePrefetchedDetail('13800138000', '42')).toBeNull();
    await expect(takePrefetchedList()).resolves.toBe(box);
    expect(takePrefetchedList()).toBeNull();
  });

  it('drops a call that failed (a 6001 before the check): behind the gate the area asks anew', async () => {
    openAt('#/sms/index');
    calls.list.mockRejectedValue(new ApiError(6001, '请先完成安全验证', 'redirected'));
    prefetchSmsOpening();
    expect(calls.detail).not.toHaveBeenCalled();
    await Promise.resolve();
    await Promise.resolve();
    expect(takePrefetchedList()).toBeNull();
  });
});
