import ICAL from 'ical.js';

/**
 * The phone's calendar file, `calendar.ics`: one VCALENDAR holding every event (ical.js parses
 * and writes it). Sync works per event: one UID with its VEVENTs (the master and any moved
 * instances, RECURRENCE-ID) and the VTIMEZONEs they name, as one VCALENDAR of its own: what
 * the device API exchanges (`SyncEvent.ical`).
 */

const PRODID = '-//phonecloud//phone//ZH';

type JCal = [string, unknown[][], JCal[]];

export interface PhoneEvent {
  uid: string;
  /** One VCALENDAR with this UID's events and their zones, in a canonical order. */
  ical: string;
}

const propValue = (comp: JCal, name: string): string | undefined => {
  const p = comp[1].find((x) => x[0] === name);
  const v = p?.[3];
  return typeof v === 'string' ? v : undefined;
};

/** The TZIDs a VEVENT's properties name. */
function zonesOf(event: JCal): string[] {
  const out = new Set<string>();
  for (const p of event[1]) {
    const params = p[1] as Record<string, unknown> | undefined;
    const tzid = params?.tzid;
    if (typeof tzid === 'string') out.add(tzid);
  }
  for (const sub of event[2]) for (const z of zonesOf(sub)) out.add(z);
  return [...out];
}

function asComponents(text: string): JCal[] {
  if (!text.trim()) return [];
  const parsed = ICAL.parse(text) as unknown;
  const list = (Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : parsed) as JCal[];
  return list.filter((c) => Array.isArray(c) && c[0] === 'vcalendar');
}

/** One calendar of events and their zones, the events of a UID master first. */
function calendarOf(events: JCal[], zones: Map<string, JCal>): string {
  const sorted = [...events].sort((a, b) => {
    const ra = propValue(a, 'recurrence-id') ?? '';
    const rb = propValue(b, 'recurrence-id') ?? '';
    return ra < rb ? -1 : ra > rb ? 1 : 0;
  });
  const tzids = [...new Set(sorted.flatMap(zonesOf))].sort();
  const subs: JCal[] = [...tzids.flatMap((t) => (zones.has(t) ? [zones.get(t) as JCal] : [])), ...sorted];
  const cal: JCal = [
    'vcalendar',
    [
      ['version', {}, 'text', '2.0'],
      ['prodid', {}, 'text', PRODID],
    ],
    subs,
  ];
  return `${ICAL.stringify(cal as unknown as unknown[])}\r\n`;
}

/**
 * Every event of an .ics text (one or several VCALENDARs), grouped by UID, each as its own
 * canonical VCALENDAR. A VEVENT without a UID gets `newUid()`; to-dos and journals are not
 * part of the phone's calendar and are left out.
 */
export function readIcs(text: string, newUid: () => string): PhoneEvent[] {
  const zones = new Map<string, JCal>();
  const byUid = new Map<string, JCal[]>();
  for (const cal of asComponents(text)) {
    for (const sub of cal[2]) {
      if (sub[0] === 'vtimezone') {
        const tzid = propValue(sub, 'tzid');
        if (tzid) zones.set(tzid, sub);
      } else if (sub[0] === 'vevent') {
        let uid = propValue(sub, 'uid')?.trim();
        if (!uid) {
          uid = newUid();
          sub[1].push(['uid', {}, 'text', uid]);
        }
        const list = byUid.get(uid) ?? [];
        list.push(sub);
        byUid.set(uid, list);
      }
    }
  }
  return [...byUid].map(([uid, events]) => ({ uid, ical: calendarOf(events, zones) }));
}

/** The canonical form of one event's VCALENDAR (as the cloud sends it), to compare and store. */
export function canonicalEvent(ical: string): PhoneEvent | null {
  const all = readIcs(ical, () => '');
  return all[0] ?? null;
}

/** The whole calendar file: every event's VEVENTs, each zone once. */
export function writeIcs(events: readonly PhoneEvent[]): string {
  const zones = new Map<string, JCal>();
  const vevents: JCal[] = [];
  for (const e of events) {
    for (const cal of asComponents(e.ical)) {
      for (const sub of cal[2]) {
        if (sub[0] === 'vtimezone') {
          const tzid = propValue(sub, 'tzid');
          if (tzid && !zones.has(tzid)) zones.set(tzid, sub);
        } else if (sub[0] === 'vevent') vevents.push(sub);
      }
    }
  }
  const cal: JCal = [
    'vcalendar',
    [
      ['version', {}, 'text', '2.0'],
      ['prodid', {}, 'text', PRODID],
      ['calscale', {}, 'text', 'GREGORIAN'],
    ],
    [...[...zones.values()], ...vevents],
  ];
  return `${ICAL.stringify(cal as unknown as unknown[])}\r\n`;
}
