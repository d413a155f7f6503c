import { describe, expect, it } from 'vitest';
import { formatCoords, formatTime, toMapPoint } from './coords';

describe('map coordinates', () => {
  const tiananmen = { longitude: 116.391275, latitude: 39.906217 };
  it('keeps WGS-84 for a WGS-84 tile source', () => {
    expect(toMapPoint(tiananmen, 'wgs84')).toEqual([39.906217, 116.391275]);
  });
  it('moves the point to GCJ-02 for a Chinese tile source (a few hundred metres in Beijing)', () => {
    const [lat, lng] = toMapPoint(tiananmen, 'gcj02');
    expect(lng - tiananmen.longitude).toBeCloseTo(0.00624, 3);
    expect(lat - tiananmen.latitude).toBeCloseTo(0.0014, 3);
  });
  it('formats coordinates and times', () => {
    expect(formatCoords(tiananmen)).toBe('116.391275, 39.906217');
    expect(formatTime(new Date(2026, 0, 2, 3, 4, 5).getTime())).toBe('2026-01-02 03:04:05');
  });
});
