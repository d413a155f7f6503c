import { describe, expect, it } from 'vitest';
import { formatSizeV1 } from './format.js';

describe('formatSizeV1', () => {
  it('keeps three significant digits in powers of 1024', () => {
    expect(formatSizeV1(0)).toBe('0B');
    expect(formatSizeV1(1023)).toBe('1020B');
    expect(formatSizeV1(1536)).toBe('1.5KB');
    expect(formatSizeV1(204800)).toBe('200KB');
    expect(formatSizeV1(1234567)).toBe('1.18MB');
    expect(formatSizeV1(1024 ** 5 * 2)).toBe('2P');
  });
});
