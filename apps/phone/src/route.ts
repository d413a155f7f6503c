/** A stop of the route: WGS-84 coordinates and the place text a phone would resolve there. */
export interface Waypoint {
  longitude: number;
  latitude: number;
  place: string;
}

/** A walk around West Lake in Hangzhou (WGS-84), closing back on its start. */
export const WEST_LAKE_ROUTE: readonly Waypoint[] = [
  { longitude: 120.1551, latitude: 30.2592, place: '浙江省杭州市西湖区断桥残雪' },
  { longitude: 120.1474, latitude: 30.2604, place: '浙江省杭州市西湖区白堤' },
  { longitude: 120.1396, latitude: 30.2565, place: '浙江省杭州市西湖区孤山路' },
  { longitude: 120.1369, latitude: 30.2465, place: '浙江省杭州市西湖区苏堤北段' },
  { longitude: 120.1405, latitude: 30.2336, place: '浙江省杭州市西湖区苏堤春晓' },
  { longitude: 120.1448, latitude: 30.2287, place: '浙江省杭州市西湖区花港观鱼' },
  { longitude: 120.1537, latitude: 30.2306, place: '浙江省杭州市西湖区雷峰塔' },
  { longitude: 120.1617, latitude: 30.2408, place: '浙江省杭州市上城区南山路' },
  { longitude: 120.1624, latitude: 30.2521, place: '浙江省杭州市上城区湖滨路' },
];

/** Metres per degree of latitude; a degree of longitude is this times cos(latitude). */
const METRES_PER_DEGREE = 111_320;

/**
 * Where a walker at `speed` metres per second is `seconds` after starting at the first stop,
 * going round the route forever; the place text is the nearer stop's.
 */
export function positionAt(route: readonly Waypoint[], seconds: number, speed = 1.4): Waypoint {
  const legs = route.map((a, i) => {
    const b = route[(i + 1) % route.length] ?? a;
    const dx = (b.longitude - a.longitude) * METRES_PER_DEGREE * Math.cos((a.latitude * Math.PI) / 180);
    const dy = (b.latitude - a.latitude) * METRES_PER_DEGREE;
    return { a, b, length: Math.hypot(dx, dy) };
  });
  const total = legs.reduce((s, l) => s + l.length, 0);
  let left = (((seconds * speed) % total) + total) % total;
  for (const leg of legs) {
    if (left <= leg.length) {
      const t = leg.length === 0 ? 0 : left / leg.length;
      return {
        longitude: leg.a.longitude + (leg.b.longitude - leg.a.longitude) * t,
        latitude: leg.a.latitude + (leg.b.latitude - leg.a.latitude) * t,
        place: t < 0.5 ? leg.a.place : leg.b.place,
      };
    }
    left -= leg.length;
  }
  const first = route[0];
  if (!first) throw new Error('empty route');
  return first;
}
