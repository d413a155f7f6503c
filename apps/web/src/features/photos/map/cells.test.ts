import { describe, expect, it } from 'vitest';
import { cellBox, cellForZoom, placeTitle } from './cells';

describe('the map grid', () => {
  it('follows the zoom: coarse for the world, fine for a street, within the call’s limits', () => {
    expect(cellForZoom(0)).toBe(10);
    expect(cellForZoom(3)).toBe(10);
    expect(cellForZoom(4)).toBe(10);
    expect(cellForZoom(5)).toBe(5);
    expect(cellForZoom(10)).toBe(0.1);
    expect(cellForZoom(18)).toBe(0.001);
    for (let z = 0; z < 18; z++) expect(cellForZoom(z + 1)).toBeLessThanOrEqual(cellForZoom(z));
  });

  it("boxes a place's cell, negative degrees floored down, within the globe", () => {
    const near = (box: number[]) => box.map((v) => Math.round(v * 1000) / 1000);
    expect(near(cellBox({ latitude: 43.47, longitude: 11.88 }, 1))).toEqual([43, 11, 44, 12]);
    expect(near(cellBox({ latitude: 39.05, longitude: -94.58 }, 0.5))).toEqual([39, -95, 39.5, -94.5]);
    expect(near(cellBox({ latitude: 89.5, longitude: 179.5 }, 10))).toEqual([80, 170, 90, 180]);
  });

  it('names a place by its name, else by its position', () => {
    const at = { latitude: 30.25921, longitude: 120.15512, count: 1, cover_id: 1 };
    expect(placeTitle({ ...at, place: '浙江省 杭州市' })).toBe('浙江省 杭州市');
    expect(placeTitle({ ...at, place: null })).toBe('30.2592, 120.1551');
  });
});
