import { describe, expect, it } from 'vitest';
import { clampZoom, MAX_SCALE, NO_ZOOM, pan, pinch, toggleZoom } from './zoom';

describe('the viewer zoom', () => {
  it('enlarges as two fingers part and follows their middle', () => {
    const z = pinch(
      NO_ZOOM,
      [
        { x: 100, y: 100 },
        { x: 200, y: 100 },
      ],
      [
        { x: 60, y: 120 },
        { x: 260, y: 120 },
      ],
    );
    expect(z).toEqual({ scale: 2, x: 10, y: 20 });
  });

  it('keeps between 1x and the most, and the picture over its stage', () => {
    expect(clampZoom({ scale: 10, x: 0, y: 0 }, 400, 300).scale).toBe(MAX_SCALE);
    expect(clampZoom({ scale: 0.5, x: 30, y: 30 }, 400, 300)).toEqual(NO_ZOOM);
    // At 2x a 400 × 300 picture moves at most 200 px sideways and 150 px up or down.
    expect(clampZoom({ scale: 2, x: 500, y: -500 }, 400, 300)).toEqual({ scale: 2, x: 200, y: -150 });
  });

  it('moves an enlarged picture with one finger, and a double tap goes in and out', () => {
    expect(pan({ scale: 2, x: 10, y: 0 }, { x: 0, y: 0 }, { x: -30, y: 5 })).toEqual({
      scale: 2,
      x: -20,
      y: 5,
    });
    expect(toggleZoom(NO_ZOOM)).toEqual({ scale: 2, x: 0, y: 0 });
    expect(toggleZoom({ scale: 3, x: 40, y: 0 })).toEqual(NO_ZOOM);
  });
});
