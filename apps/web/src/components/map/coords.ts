import type { FindPortalInfo } from '@phonecloud/shared';
import gcoord from 'gcoord';

/**
 * The deployment's map tiles (platform/info.do's `find`, from MAP_TILE_URL): the same for every
 * map of the portal.
 */
export type TileSettings = FindPortalInfo;

/** No tile source: the offline base map is drawn. */
export const NO_TILES: TileSettings = {
  tileUrl: '',
  tileCoords: 'wgs84',
  tileAttribution: '',
  tileSubdomains: '',
};

/**
 * Where a WGS-84 position goes on the tile source's map, as Leaflet's [lat, lng]: Chinese tile
 * sources draw GCJ-02 (offset by up to a few hundred metres), so the point is converted for them.
 */
export function toMapPoint(
  position: { longitude: number; latitude: number },
  coords: TileSettings['tileCoords'],
): [number, number] {
  if (coords === 'gcj02') {
    const [lng, lat] = gcoord.transform([position.longitude, position.latitude], gcoord.WGS84, gcoord.GCJ02);
    return [lat, lng];
  }
  return [position.latitude, position.longitude];
}

/** The way back: a point of the tile source's map as WGS-84 (the map's view as the data's box). */
export function fromMapPoint(
  point: { lat: number; lng: number },
  coords: TileSettings['tileCoords'],
): { latitude: number; longitude: number } {
  if (coords === 'gcj02') {
    const [longitude, latitude] = gcoord.transform([point.lng, point.lat], gcoord.GCJ02, gcoord.WGS84);
    return { latitude, longitude };
  }
  return { latitude: point.lat, longitude: point.lng };
}
