import type { PhotoItem, PhotoMonth, PhotoPage } from '@phonecloud/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';

vi.mock('./photo-calls', () => ({
  photoCalls: { openingMonths: vi.fn(), month: vi.fn(), openingNewest: vi.fn() },
}));

const month = (m: string, count: number): PhotoMonth => ({ month: m, count });
const item = (id: number, taken: string) => ({ id, taken }) as PhotoItem;
const settle = async () => {
  for (let i = 0; i < 4; i++) await Promise.resolve();
};

/** A fresh copy of the module (it fetches once per page load) opened at `hash`. */
async function openAt(hash: string) {
  vi.stubGlobal('window', { location: { hash } });
  const { photoCalls } = await import('./photo-calls');
  return { ...(await import('./photo-prefetch')), calls: vi.mocked(photoCalls) };
}

beforeEach(() => vi.resetModules());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetAllMocks();
});

describe('prefetchPhotoOpening', () => {
  it("hands the first screen's months to their rows: whole from the newest page, else asked for", async () => {
    const p = await openAt('#/photo/index');
    const months = [month('2026-11', 30), month('2026-10', 30), month('2026-09', 30), month('2026-08', 30)];
    // The page holds November and October whole, September in part (it goes on).
    const page: PhotoPage = {
      items: [item(5, '2026-11-20T10:00:00'), item(4, '2026-11-02T09:00:00'), item(3, '2026-10-30T08:00:00')],
      next: 'more',
    };
    page.items.push(item(2, '2026-09-30T07:00:00'));
    const september = [item(2, '2026-09-30T07:00:00'), item(1, '2026-09-01T07:00:00')];
    p.calls.openingMonths.mockResolvedValue(months);
    p.calls.openingNewest.mockResolvedValue(page);
    p.calls.month.mockResolvedValue(september);
    p.prefetchPhotoOpening();
    p.prefetchPhotoOpening();
    expect(p.calls.openingMonths).toHaveBeenCalledTimes(1);
    expect(p.calls.openingNewest).toHaveBeenCalledTimes(1);
    const taken = p.takePrefetchedMonths();
    expect(p.takePrefetchedMonths()).toBeNull();
    await expect(taken).resolves.toBe(months);
    await settle();
    // 30 + 30 + 30 photos reach the first screen's 70: August waits for its row.
    await expect(p.takePrefetchedMonth('2026-11')).resolves.toEqual([page.items[0], page.items[1]]);
    await expect(p.takePrefetchedMonth('2026-10')).resolves.toEqual([page.items[2]]);
    await expect(p.takePrefetchedMonth('2026-09')).resolves.toBe(september);
    expect(p.calls.month.mock.calls.map((c) => c[0])).toEqual(['2026-09']);
    expect(p.takePrefetchedMonth('2026-10')).toBeNull();
    expect(p.takePrefetchedMonth('2026-08')).toBeNull();
  });

  it('takes a month from a page that ends the timeline, and none from an empty page that goes on', async () => {
    const { wholeMonth } = await openAt('#/photo/index');
    const last: PhotoPage = {
      items: [item(2, '2026-11-02T09:00:00'), item(1, '2026-10-01T00:00:00')],
      next: '',
    };
    expect(wholeMonth(last, '2026-10')).toEqual([last.items[1]]);
    expect(wholeMonth({ items: [], next: 'x' }, '2026-11')).toBeNull();
    expect(wholeMonth({ items: [item(1, '2026-11-02T09:00:00')], next: 'x' }, '2026-11')).toBeNull();
  });

  it('fetches nothing ahead for another page of the area', async () => {
    const p = await openAt('#/photo/albums');
    p.prefetchPhotoOpening();
    expect(p.calls.openingMonths).not.toHaveBeenCalled();
    expect(p.takePrefetchedMonths()).toBeNull();
  });

  it('drops an index that failed (a 6001 before the check): behind the gate the area asks anew', async () => {
    const p = await openAt('#/photo');
    p.calls.openingMonths.mockRejectedValue(new ApiError(6001, '请先完成安全验证', 'redirected'));
    p.calls.openingNewest.mockRejectedValue(new ApiError(6001, '请先完成安全验证', 'redirected'));
    p.prefetchPhotoOpening();
    await settle();
    expect(p.takePrefetchedMonths()).toBeNull();
    expect(p.calls.month).not.toHaveBeenCalled();
  });
});
