import { describe, expect, it } from 'vitest';
import { formatCoords, formatTime } from './coords';

describe('find coordinates', () => {
  it('formats coordinates and times', () => {
    expect(formatCoords({ longitude: 116.391275, latitude: 39.906217 })).toBe('116.391275, 39.906217');
    expect(formatTime(new Date(2026, 0, 2, 3, 4, 5).getTime())).toBe('2026-01-02 03:04:05');
  });
});
