/** Percent of the storage bar: used over total, rounded (spec 000 §4). */
export function usagePercent(used: number, total: number): number {
  if (total <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.round((used / total) * 100));
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
/** Size in powers of 1024, one decimal (the newer drive and the home page). */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)}${UNITS[unit]}`;
}
