import type { TileSettings } from './coords';

/** What the packaged shapes carry: a name, a code, a point for the name (either spelling). */
export interface ShapeProps {
  name?: string;
  id?: string;
  cp?: [number, number];
  longitude?: number;
  latitude?: number;
}

/** Zooms from which each part of the offline base map shows (Leaflet's levels, 0 the world). */
export const BASE_ZOOM = {
  /** Province names, up to where the city names take over. */
  provinceNames: 4,
  /** The prefecture-level borders of the provinces in view are fetched and drawn. */
  cities: 6,
  cityNames: 8,
} as const;

/** The offline base map is drawn only when the deployment configured no tile source. */
export const usesOfflineBase = (info: Pick<TileSettings, 'tileUrl'>): boolean => !info.tileUrl;

export const showsCities = (zoom: number): boolean => zoom >= BASE_ZOOM.cities;

/** Where a shape's name goes, as [longitude, latitude]; null when it has none. */
export function labelPoint(p: ShapeProps | null | undefined): [number, number] | null {
  if (!p) return null;
  if (p.cp) return p.cp;
  if (p.longitude !== undefined && p.latitude !== undefined) return [p.longitude, p.latitude];
  return null;
}

/**
 * A province's two-digit division code, from the property or the feature's own id (Hong Kong
 * and Macao carry it there); null for shapes that are no province (the South China Sea islands).
 */
export function provinceCode(feature: {
  id?: string | number;
  properties: ShapeProps | null;
}): string | null {
  const code = String(feature.properties?.id || feature.id || '');
  return /^\d{2}/.test(code) ? code.slice(0, 2) : null;
}
