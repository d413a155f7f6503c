import type { PhotoPlace } from '@phonecloud/shared';

/** Cell sizes the map asks for (degrees): few distinct ones, so a zoom back is answered from cache. */
const CELLS = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10] as const;
const LARGEST = 10;
/** About how far apart (px) two markers stand at most zooms: a thumbnail's width and a gap. */
const MARKER_SPACING_PX = 64;

/**
 * The grid cell for a zoom: the degrees a marker's spacing covers there (Leaflet's world is
 * 256 × 2^zoom px for 360°), rounded up to the next listed size.
 */
export function cellForZoom(zoom: number): number {
  const wanted = (MARKER_SPACING_PX * 360) / (256 * 2 ** zoom);
  return CELLS.find((c) => c >= wanted) ?? LARGEST;
}

/**
 * The box `[south, west, north, east]` of the cell a place stands for (its mean position lies in
 * its cell), for the timeline's `bbox`: the place's photos and no other cell's.
 */
export function cellBox(
  place: Pick<PhotoPlace, 'latitude' | 'longitude'>,
  cell: number,
): [number, number, number, number] {
  const south = Math.floor(place.latitude / cell) * cell;
  const west = Math.floor(place.longitude / cell) * cell;
  return [Math.max(-90, south), Math.max(-180, west), Math.min(90, south + cell), Math.min(180, west + cell)];
}

/** A place's title: its name, else its position (latitude, longitude, four decimals, about 10 m). */
export function placeTitle(place: PhotoPlace): string {
  return place.place ?? `${place.latitude.toFixed(4)}, ${place.longitude.toFixed(4)}`;
}
