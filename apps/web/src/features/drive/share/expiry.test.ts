import { ShareText, shareClipboardText } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { expiryText } from './expiry';

const HOUR = 60 * 60_000;
const now = Date.UTC(2026, 0, 1);

describe('share expiry text', () => {
  it('says how the link ended, or that it never ends', () => {
    expect(expiryText({ status: 'cancelled', expiresAt: now + HOUR }, now)).toBe(ShareText.STATUS_CANCELLED);
    expect(expiryText({ status: 'expired', expiresAt: now - HOUR }, now)).toBe(ShareText.STATUS_EXPIRED);
    expect(expiryText({ status: 'valid', expiresAt: 0 }, now)).toBe(ShareText.FOREVER);
    // The list was loaded before the link ran out.
    expect(expiryText({ status: 'valid', expiresAt: now - 1 }, now)).toBe(ShareText.STATUS_EXPIRED);
  });

  it('counts whole days left, hours in the last day', () => {
    expect(expiryText({ status: 'valid', expiresAt: now + 7 * 24 * HOUR }, now)).toBe(ShareText.daysLeft(7));
    expect(expiryText({ status: 'valid', expiresAt: now + 30 * 24 * HOUR - 1 }, now)).toBe(
      ShareText.daysLeft(30),
    );
    expect(expiryText({ status: 'valid', expiresAt: now + 5 * HOUR + 1 }, now)).toBe(ShareText.hoursLeft(6));
    expect(expiryText({ status: 'valid', expiresAt: now + 60_000 }, now)).toBe(ShareText.hoursLeft(1));
  });
});

describe('share clipboard text', () => {
  it('carries the code in the link and beside it, or the link alone', () => {
    expect(shareClipboardText('https://pan.example.com', 'AbC_123', 'q7x2')).toBe(
      '链接: https://pan.example.com/s/AbC_123?pwd=q7x2 提取码: q7x2',
    );
    expect(shareClipboardText('https://pan.example.com', 'AbC_123', '')).toBe(
      '链接: https://pan.example.com/s/AbC_123',
    );
  });
});
