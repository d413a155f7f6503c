import { describe, expect, it } from 'vitest';
import { formatSize, usagePercent } from './format.js';

describe('format', () => {
  it('rounds the storage bar to a percent and caps it', () => {
    expect(usagePercent(0, 100)).toBe(0);
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(2, 3)).toBe(67);
    expect(usagePercent(5, 4)).toBe(100);
    expect(usagePercent(0, 0)).toBe(0);
  });
  it('formats sizes in powers of 1024 with one decimal', () => {
    expect(formatSize(0)).toBe('0B');
    expect(formatSize(1023)).toBe('1023B');
    expect(formatSize(1024)).toBe('1KB');
    expect(formatSize(1536)).toBe('1.5KB');
    expect(formatSize(5 * 1024 ** 3)).toBe('5GB');
    expect(formatSize(1024 ** 5)).toBe('1024TB');
  });
});
