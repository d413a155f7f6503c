import { BYTES_PER_GB } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { summarizeStorage } from './storage-summary';

describe('summarizeStorage', () => {
  it('adds free and paid space and counts backup and drive use', () => {
    const s = summarizeStorage(
      { freeSize: 5, paymentSize: 10 },
      { usedSize: 2 * BYTES_PER_GB },
      { used: BYTES_PER_GB, total: 15 * BYTES_PER_GB },
    );
    expect(s.totalBytes).toBe(15 * BYTES_PER_GB);
    expect(s.usedBytes).toBe(3 * BYTES_PER_GB);
    expect(s.availableBytes).toBe(12 * BYTES_PER_GB);
    expect(s.percent).toBe(20);
  });
  it('never shows negative available space', () => {
    const s = summarizeStorage(
      { freeSize: 1, paymentSize: 0 },
      { usedSize: 2 * BYTES_PER_GB },
      { used: 0, total: 0 },
    );
    expect(s.availableBytes).toBe(0);
    expect(s.percent).toBe(100);
  });
});
