const UNITS_V1 = ['B', 'KB', 'MB', 'GB', 'TB', 'P'] as const;

/** Size in powers of 1024 with three significant digits, up to P (the older drive, spec 000 §9). */
export function formatSizeV1(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS_V1.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number(value.toPrecision(3))}${UNITS_V1[unit]}`;
}
