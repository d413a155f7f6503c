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
