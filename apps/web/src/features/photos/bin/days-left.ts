import { PHOTO_BIN_DAYS } from '@phonecloud/shared';

const DAY_MS = 86_400_000;

/**
 * Whole days until a photo deleted at `trashedAt` (ms) is purged: housekeeping removes it once
 * PHOTO_BIN_DAYS have passed, so a photo deleted just now has all of them, and one past its time
 * but not yet removed has none.
 */
export function daysLeft(trashedAt: number, now: number): number {
  const left = trashedAt + PHOTO_BIN_DAYS * DAY_MS - now;
  return Math.max(0, Math.ceil(left / DAY_MS));
}

export function daysLeftText(trashedAt: number, now: number): string {
  const days = daysLeft(trashedAt, now);
  return days > 0 ? `剩 ${days} 天` : '即将删除';
}
