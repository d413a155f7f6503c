import { ShareText } from '@phonecloud/shared';
import type { ShareEntry } from './share-api';

const HOUR = 60 * 60_000;

/** What the expiry column says: time left, "never", or how the link ended. */
export function expiryText(entry: Pick<ShareEntry, 'status' | 'expiresAt'>, now = Date.now()): string {
  if (entry.status === 'cancelled') return ShareText.STATUS_CANCELLED;
  if (entry.status === 'expired') return ShareText.STATUS_EXPIRED;
  if (entry.expiresAt === 0) return ShareText.FOREVER;
  const left = entry.expiresAt - now;
  if (left <= 0) return ShareText.STATUS_EXPIRED;
  return left < 24 * HOUR
    ? ShareText.hoursLeft(Math.max(1, Math.ceil(left / HOUR)))
    : ShareText.daysLeft(Math.ceil(left / (24 * HOUR)));
}
