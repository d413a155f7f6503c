/** The picture's zoom: how much it is enlarged and how far it is moved from the centre (px). */
export interface Zoom {
  scale: number;
  x: number;
  y: number;
}

export const NO_ZOOM: Zoom = { scale: 1, x: 0, y: 0 };
export const MAX_SCALE = 4;
export const DOUBLE_TAP_SCALE = 2;

export interface Point {
  x: number;
  y: number;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const middle = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/**
 * Keeps the enlarged picture covering its stage: it can be moved only as far as its edge
 * reaches the stage's (`width` × `height`, the picture's size at scale 1).
 */
export function clampZoom(z: Zoom, width: number, height: number): Zoom {
  const scale = Math.min(MAX_SCALE, Math.max(1, z.scale));
  if (scale === 1) return NO_ZOOM;
  const maxX = ((scale - 1) * width) / 2;
  const maxY = ((scale - 1) * height) / 2;
  return {
    scale,
    x: Math.min(maxX, Math.max(-maxX, z.x)),
    y: Math.min(maxY, Math.max(-maxY, z.y)),
  };
}

/**
 * Two fingers on the picture: the zoom follows the change of their distance (pinch) and of
 * their middle (a two-finger pan), from the zoom they found.
 */
export function pinch(start: Zoom, from: [Point, Point], now: [Point, Point]): Zoom {
  const d0 = distance(from[0], from[1]);
  const scale = d0 > 0 ? (start.scale * distance(now[0], now[1])) / d0 : start.scale;
  const m0 = middle(from[0], from[1]);
  const m1 = middle(now[0], now[1]);
  return { scale, x: start.x + m1.x - m0.x, y: start.y + m1.y - m0.y };
}

/** One finger on an enlarged picture moves it. */
export function pan(start: Zoom, from: Point, now: Point): Zoom {
  return { scale: start.scale, x: start.x + now.x - from.x, y: start.y + now.y - from.y };
}

/** A double tap or click: in to twice the size, or back out. */
export function toggleZoom(z: Zoom): Zoom {
  return z.scale > 1 ? NO_ZOOM : { scale: DOUBLE_TAP_SCALE, x: 0, y: 0 };
}
