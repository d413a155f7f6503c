import ICAL from 'ical.js';

const HOUR = 3_600_000;
// Offsets are kept per hour of the clock; a range view asks for a few hundred hours.
const MEMO_MAX = 50_000;

/** Turns a zone's wall times into instants. */
export interface WallClock {
  utcOf(wall: number): number;
}

/** The identity: UTC times, and those placed in the view's zone by the caller. */
export const UTC_CLOCK: WallClock = { utcOf: (wall) => wall };

/**
 * A zone of an event (its own VTIMEZONE or the tz database's, through ical.js), with its
 * offsets memoised per wall-clock hour: a series' instances fall in few hours' offsets.
 */
export class IcalZoneClock implements WallClock {
  private readonly offsets = new Map<number, number>();
  constructor(private readonly zone: ICAL.Timezone) {}

  utcOf(wall: number): number {
    const hour = Math.floor(wall / HOUR);
    let off = this.offsets.get(hour);
    if (off === undefined) {
      const d = new Date(hour * HOUR);
      const t = new ICAL.Time(
        {
          year: d.getUTCFullYear(),
          month: d.getUTCMonth() + 1,
          day: d.getUTCDate(),
          hour: d.getUTCHours(),
          minute: 0,
          second: 0,
          isDate: false,
        },
        this.zone,
      );
      off = this.zone.utcOffset(t) * 1000;
      if (this.offsets.size >= MEMO_MAX) this.offsets.clear();
      this.offsets.set(hour, off);
    }
    return wall - off;
  }
}

/**
 * The zone the portal shows times in (an IANA name, read through the runtime's own tz
 * database), both ways, memoised per hour.
 */
export class ViewZone implements WallClock {
  private readonly offsets = new Map<number, number>();
  private readonly format: Intl.DateTimeFormat;

  /** Throws a RangeError for a name the tz database does not know. */
  constructor(readonly tz: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  }

  private lastHour = Number.NaN;
  private lastOffset = 0;

  /** The zone's offset at an instant (ms to add to UTC). */
  offsetAt(utc: number): number {
    const hour = Math.floor(utc / HOUR);
    if (hour === this.lastHour) return this.lastOffset;
    let off = this.offsets.get(hour);
    if (off === undefined) {
      const at = hour * HOUR;
      const p: Record<string, number> = {};
      for (const part of this.format.formatToParts(new Date(at))) p[part.type] = Number(part.value);
      const wall = Date.UTC(
        p.year ?? 1970,
        (p.month ?? 1) - 1,
        p.day ?? 1,
        p.hour ?? 0,
        p.minute ?? 0,
        p.second ?? 0,
      );
      off = wall - at;
      if (this.offsets.size >= MEMO_MAX) this.offsets.clear();
      this.offsets.set(hour, off);
    }
    this.lastHour = hour;
    this.lastOffset = off;
    return off;
  }

  wallOf(utc: number): number {
    return utc + this.offsetAt(utc);
  }

  utcOf(wall: number): number {
    const first = wall - this.offsetAt(wall);
    return wall - this.offsetAt(first);
  }
}

const views = new Map<string, ViewZone>();
/** The view zone of a name (one per name: their memos serve every request), or null when unknown. */
export function viewZone(tz: string): ViewZone | null {
  let zone = views.get(tz);
  if (!zone) {
    try {
      zone = new ViewZone(tz);
    } catch {
      return null;
    }
    if (views.size > 200) views.clear();
    views.set(tz, zone);
  }
  return zone;
}
