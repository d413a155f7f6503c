const pad = (n: number) => String(n).padStart(2, '0');
const DAY_MS = 86_400_000;
const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

function startOfDay(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** Whole calendar days from `ms`'s day to `now`'s (0 the same day, 1 yesterday). */
function daysAgo(ms: number, now: number): number {
  return Math.round((startOfDay(now) - startOfDay(ms)) / DAY_MS);
}

/** hh:mm of a message (its bubble). */
export function clockOf(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The conversation list's date (relative, as a phone's messages app shows it): the time today,
 * 昨天, the weekday within a week, the month and day this year, else the full date.
 */
export function listDate(ms: number, now = Date.now()): string {
  const d = new Date(ms);
  const ago = daysAgo(ms, now);
  if (ago <= 0) return clockOf(ms);
  if (ago === 1) return '昨天';
  if (ago < 7) return WEEKDAYS[d.getDay()] ?? '';
  if (d.getFullYear() === new Date(now).getFullYear()) return `${d.getMonth() + 1}月${d.getDate()}日`;
  return `${d.getFullYear()}/${d.getMonth() + 1}/${d.getDate()}`;
}

/** The separator above a day's first bubble. */
export function dayLabel(ms: number, now = Date.now()): string {
  const d = new Date(ms);
  const ago = daysAgo(ms, now);
  if (ago === 0) return '今天';
  if (ago === 1) return '昨天';
  const date = `${d.getMonth() + 1}月${d.getDate()}日`;
  const full = d.getFullYear() === new Date(now).getFullYear() ? date : `${d.getFullYear()}年${date}`;
  return `${full} ${WEEKDAYS[d.getDay()] ?? ''}`;
}

/** Whether two moments fall on the same calendar day (local time). */
export function sameDay(a: number, b: number): boolean {
  return startOfDay(a) === startOfDay(b);
}
