import type { FindPortalInfo } from '@phonecloud/shared';
import gcoord from 'gcoord';

/**
 * Where a WGS-84 position goes on the tile source's map, as Leaflet's [lat, lng]: Chinese tile
 * sources draw GCJ-02 (offset by up to a few hundred metres), so the point is converted for them.
 */
export function toMapPoint(
  position: { longitude: number; latitude: number },
  coords: FindPortalInfo['tileCoords'],
): [number, number] {
  if (coords === 'gcj02') {
    const [lng, lat] = gcoord.transform([position.longitude, position.latitude], gcoord.WGS84, gcoord.GCJ02);
    return [lat, lng];
  }
  return [position.latitude, position.longitude];
}

/** "116.397428, 39.909230" (longitude, latitude; six decimals, about 10 cm). */
export function formatCoords(position: { longitude: number; latitude: number }): string {
  return `${position.longitude.toFixed(6)}, ${position.latitude.toFixed(6)}`;
}

const two = (n: number) => String(n).padStart(2, '0');
/** yyyy-MM-dd HH:mm:ss in the browser's zone. */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}
