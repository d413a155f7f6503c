import ICAL from 'ical.js';
import type { ZoneResolver } from './zones.js';

export type IcalComponent = InstanceType<typeof ICAL.Component>;
export type IcalProperty = InstanceType<typeof ICAL.Property>;
export type IcalTime = InstanceType<typeof ICAL.Time>;

export const DAY_MS = 24 * 60 * 60_000;

/** The TZID a date-time property names, or null (UTC, floating, a date). */
export function tzidOf(prop: IcalProperty): string | null {
  const p = prop.getParameter('tzid');
  const id = Array.isArray(p) ? p[0] : p;
  return typeof id === 'string' && id !== '' ? id : null;
}

export function isTime(value: unknown): value is IcalTime {
  return value instanceof ICAL.Time;
}

/** Whether a time is written in UTC ('Z'). */
export function isUtc(t: IcalTime): boolean {
  return t.zone === ICAL.Timezone.utcTimezone;
}

/**
 * The instant of a time in UTC milliseconds. A date, or a floating time, is its wall clock read
 * as UTC: it has no instant of its own, and the index only has to order it.
 */
export function instantOf(t: IcalTime, tzid: string | null, zones: ZoneResolver): number {
  const wall = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  if (t.isDate || isUtc(t) || tzid === null) return wall;
  const zone = zones.zone(tzid);
  if (!zone) return wall;
  const local = t.clone();
  local.zone = zone;
  return local.toUnixTime() * 1000;
}

/** The API's spelling of a time: 'YYYY-MM-DD', or an ISO wall clock ('Z' when in UTC). */
export function timeText(t: IcalTime): string {
  const s = t.toString();
  return t.isDate || !isUtc(t) || s.endsWith('Z') ? s : `${s}Z`;
}
