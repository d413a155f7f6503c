import { PHOTO_BIN_DAYS } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { daysLeft, daysLeftText } from './days-left';

const DAY = 86_400_000;
const deleted = Date.UTC(2026, 10, 1, 8);

describe('the days a deleted photo has left', () => {
  it('counts whole days down from the bin days', () => {
    expect(daysLeft(deleted, deleted)).toBe(PHOTO_BIN_DAYS);
    expect(daysLeft(deleted, deleted + 1)).toBe(PHOTO_BIN_DAYS);
    expect(daysLeft(deleted, deleted + DAY)).toBe(PHOTO_BIN_DAYS - 1);
    expect(daysLeft(deleted, deleted + (PHOTO_BIN_DAYS - 1) * DAY + 1)).toBe(1);
  });

  it('has none past its time, until housekeeping removes it', () => {
    expect(daysLeft(deleted, deleted + PHOTO_BIN_DAYS * DAY)).toBe(0);
    expect(daysLeftText(deleted, deleted + (PHOTO_BIN_DAYS + 2) * DAY)).toBe('即将删除');
    expect(daysLeftText(deleted, deleted + 3 * DAY)).toBe(`剩 ${PHOTO_BIN_DAYS - 3} 天`);
  });
});
