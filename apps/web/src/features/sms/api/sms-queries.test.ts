import { Code, type SmsData, type SmsDetail, type SmsItem } from '@phonecloud/shared';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import type { SmsRefresh } from './apply-refresh';
import { smsCalls } from './sms-calls';
import { detailQuery, listQuery, noteWrite, syncSms, syncVersionOf } from './sms-queries';

vi.mock('./sms-calls', () => ({
  smsCalls: { list: vi.fn(), refresh: vi.fn(), detail: vi.fn() },
}));
const calls = vi.mocked(smsCalls);

const sms = (id: string, address: string, date: number): SmsItem => ({
  server_id: id,
  content: { format_address: address, body: id, date, type: 1, locked: 0 },
  optime: date,
});
const box = (version: number, newest: SmsItem): SmsData => ({
  sync_version: version,
  sms_list: { [newest.server_id]: newest },
  collection_list: [
    {
      format_address: newest.content.format_address,
      count: 1,
      format_date: newest.content.date,
      server_id: newest.server_id,
    },
  ],
  favourite_list: [],
  contactIcon_list: {},
});
const page = (items: SmsItem[]): SmsDetail => ({
  sync_version: 1,
  format_address: 'A',
  count: items.length,
  sms_list: items,
  has_more: false,
  contactIcon_list: {},
});

let qc: QueryClient;
beforeEach(() => {
  vi.resetAllMocks();
  qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

describe('syncSms', () => {
  it('leaves the list alone when refresh.do answers the same sync_version', async () => {
    const first = box(1, sms('1', 'A', 10));
    qc.setQueryData(listQuery.queryKey, first);
    calls.refresh.mockResolvedValue({ ...box(1, sms('1', 'A', 10)), sms_list: {}, collection_list: [] });
    await syncSms(qc, 1);
    expect(calls.refresh).toHaveBeenCalledWith(1, 1);
    expect(qc.getQueryData(listQuery.queryKey)).toBe(first);
  });

  it('merges a delta and reads the open conversation again when its newest message changed', async () => {
    qc.setQueryData(listQuery.queryKey, box(1, sms('1', 'A', 10)));
    await qc.prefetchInfiniteQuery({
      ...detailQuery('A', null),
      queryFn: () => Promise.resolve(page([sms('1', 'A', 10)])),
    });
    const delta: SmsRefresh = box(2, sms('2', 'A', 20));
    calls.refresh.mockResolvedValue(delta);
    calls.detail.mockResolvedValue(page([sms('1', 'A', 10), sms('2', 'A', 20)]));
    await syncSms(qc, 1);
    const list = qc.getQueryData(listQuery.queryKey);
    expect(list?.sync_version).toBe(2);
    expect(list?.collection_list[0]?.server_id).toBe('2');
    // Nobody observes the detail here: it was reset, so it is read anew when shown.
    expect(qc.getQueryData(detailQuery('A', null).queryKey)).toBeUndefined();
    expect(syncVersionOf(qc)).toBe(2);
  });

  it('reads list.do again on 1009', async () => {
    calls.list.mockResolvedValueOnce(box(1, sms('1', 'A', 10)));
    await qc.prefetchQuery(listQuery);
    calls.refresh.mockRejectedValue(new ApiError(Code.FULL_RELOAD, 'reload', 'business'));
    calls.list.mockResolvedValueOnce(box(9, sms('9', 'B', 90)));
    await syncSms(qc, 2);
    expect(qc.getQueryData(listQuery.queryKey)?.sync_version).toBe(9);
  });

  it('passes other failures on (the poll says so once)', async () => {
    qc.setQueryData(listQuery.queryKey, box(1, sms('1', 'A', 10)));
    calls.refresh.mockRejectedValue(new ApiError(0, '刷新短信失败，请重试!', 'network'));
    await expect(syncSms(qc, 1)).rejects.toThrow('刷新短信失败，请重试!');
  });

  it('sends the newest sync_version a write answered before the list caught up', () => {
    qc.setQueryData(listQuery.queryKey, box(4, sms('1', 'A', 10)));
    noteWrite(qc, 6);
    expect(syncVersionOf(qc)).toBe(6);
  });
});
