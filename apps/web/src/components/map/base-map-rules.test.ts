import { describe, expect, it } from 'vitest';
import { labelPoint, provinceCode, showsCities, usesOfflineBase } from './base-map-rules';

describe('offline base map rules', () => {
  it('is drawn only without a tile source', () => {
    expect(usesOfflineBase({ tileUrl: '' })).toBe(true);
    expect(usesOfflineBase({ tileUrl: 'https://tiles.example/{z}/{x}/{y}.png' })).toBe(false);
  });

  it('reads the name point in either spelling', () => {
    expect(labelPoint({ cp: [100.7, 38.7] })).toEqual([100.7, 38.7]);
    expect(labelPoint({ longitude: 116.389, latitude: 39.9488 })).toEqual([116.389, 39.9488]);
    expect(labelPoint({ name: '南海诸岛' })).toBeNull();
  });

  it('finds the province code in the properties or the feature id', () => {
    expect(provinceCode({ properties: { id: '62' } })).toBe('62');
    expect(provinceCode({ id: '81', properties: { name: '香港' } })).toBe('81');
    expect(provinceCode({ properties: { id: '', name: '南海诸岛' } })).toBeNull();
  });

  it('draws city borders from zoom 6', () => {
    expect(showsCities(5)).toBe(false);
    expect(showsCities(6)).toBe(true);
    expect(showsCities(15)).toBe(true);
  });
});
