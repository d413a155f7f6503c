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

/** Year, month and day of a day number (H. Hinnant's civil_from_days: no Date made per call). */
export function ymdOf(dayNum: number): { year: number; month: number; day: number } {
  const z = dayNum + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function monthDays(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

// Day spellings are asked for over and over (every instance of a view): kept once made.
const DAY_TEXTS_MAX = 20_000;
const dayTexts = new Map<number, string>();

/** 'YYYY-MM-DD' of a day number. */
export function dayText(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) {
    const { year, month, day: d } = ymdOf(day);
    text = `${pad(year, 4)}-${pad(month)}-${pad(d)}`;
    if (dayTexts.size >= DAY_TEXTS_MAX) dayTexts.clear();
    dayTexts.set(day, text);
  }
  return text;
}

/** 'HH:mm:ss' of a time of day (ms). */
export function clockText(ms: number, seconds = true): string {
  const s = Math.floor(ms / 1000);
  const hm = `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}`;
  return seconds ? `${hm}:${pad(s % 60)}` : hm;
}

/** 'YYYY-MM-DDTHH:mm' of a wall time (seconds are dropped: the views show minutes). */
export function wallText(wall: number): string {
  const day = Math.floor(wall / DAY_MS);
  return `${dayText(day)}T${clockText(wall - day * DAY_MS, false)}`;
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
