import ICAL from 'ical.js';
import { tzlib_get_ical_block } from 'timezones-ical-library';

const known = new Map<string, ICAL.Component | null>();

/**
 * The VTIMEZONE of an IANA zone name from the current tz database (timezones-ical-library), or
 * null for a name it does not know. Parsed once per zone.
 */
export function ianaZone(tzid: string): ICAL.Component | null {
  const hit = known.get(tzid);
  if (hit !== undefined) return hit;
  let zone: ICAL.Component | null = null;
  const block = tzlib_get_ical_block(tzid);
  if (Array.isArray(block) && typeof block[0] === 'string' && block[0].startsWith('BEGIN:VTIMEZONE')) {
    zone = new ICAL.Component(ICAL.parse(`${block[0]}\r\n`) as unknown[]);
  }
  known.set(tzid, zone);
  return zone;
}

/**
 * Resolves the TZIDs an object names: its own VTIMEZONE first (a phone may name a zone only
 * it defines), else the tz database's. A TZID neither knows answers null.
 */
export class ZoneResolver {
  private readonly own = new Map<string, ICAL.Component>();
  private readonly zones = new Map<string, ICAL.Timezone | null>();

  constructor(calendar: ICAL.Component) {
    for (const z of calendar.getAllSubcomponents('vtimezone')) {
      const id = z.getFirstPropertyValue('tzid');
      if (typeof id === 'string') this.own.set(id, z);
    }
  }

  /** The VTIMEZONE component that defines `tzid`. */
  component(tzid: string): ICAL.Component | null {
    return this.own.get(tzid) ?? ianaZone(tzid);
  }

  zone(tzid: string): ICAL.Timezone | null {
    const hit = this.zones.get(tzid);
    if (hit !== undefined) return hit;
    const component = this.component(tzid);
    const zone = component ? new ICAL.Timezone(component) : null;
    this.zones.set(tzid, zone);
    return zone;
  }
}

/** Whether an export should write the tz database's definition of a zone rather than a phone's. */
export function isIanaZone(tzid: string): boolean {
  return ianaZone(tzid) !== null;
}
