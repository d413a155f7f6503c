/** Day arithmetic on wall clocks: a wall time is its clock reading taken as UTC milliseconds. */

export const DAY_MS = 86_400_000;
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** Days since 1970-01-01 of a wall time. */
export const dayOf = (wall: number) => Math.floor(wall / DAY_MS);
/** 0 Sunday .. 6 Saturday (1970-01-01 was a Thursday). */
export const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;
export const weekdayIndex = (code: string) => WEEKDAYS.indexOf(code as (typeof WEEKDAYS)[number]);
export const weekdayCode = (index: number) => WEEKDAYS[index] as string;

export function dayNumber(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

export function ymdOf(day: number): { year: number; month: number; day: number } {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function monthDays(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** 'YYYY-MM-DD' of a day number. */
export function dayText(day: number): string {
  const { year, month, day: d } = ymdOf(day);
  return `${pad(year, 4)}-${pad(month)}-${pad(d)}`;
}

/** 'YYYY-MM-DDTHH:mm' of a wall time (seconds are dropped: the views show minutes). */
export function wallText(wall: number): string {
  const d = new Date(wall);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Reads 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm[:ss]' as a wall time; null when it is no real day or time. */
export function parseWall(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!m) return null;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = m
    .slice(1)
    .map((v) => (v === undefined ? 0 : Number(v)));
  if (mo < 1 || mo > 12 || d < 1 || d > monthDays(y, mo) || h > 23 || mi > 59 || s > 59) return null;
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

export function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
