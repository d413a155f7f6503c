import { describe, expect, it } from 'vitest';
import { fromMapPoint, toMapPoint } from './coords';

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
  it('comes back to WGS-84 within a metre', () => {
    const [lat, lng] = toMapPoint(tiananmen, 'gcj02');
    const back = fromMapPoint({ lat, lng }, 'gcj02');
    expect(back.latitude).toBeCloseTo(tiananmen.latitude, 5);
    expect(back.longitude).toBeCloseTo(tiananmen.longitude, 5);
  });
});
