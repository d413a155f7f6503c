import ICAL from 'ical.js';
import type { CalendarPortalRepo } from './repo.js';

const BATCH = 500;

/** The master VEVENT's LOCATION and DESCRIPTION of a kept text. */
export function placeAndDescription(ical: string): { location: string; description: string } {
  try {
    return readPlace(ical);
  } catch {
    // A text the store took is readable; should one not be, it is simply not found by words.
    return { location: '', description: '' };
  }
}

function readPlace(ical: string): { location: string; description: string } {
  const calendar = new ICAL.Component(ICAL.parse(ical) as unknown[]);
  const events = calendar.getAllSubcomponents('vevent');
  const master = events.find((e) => !e.hasProperty('recurrence-id')) ?? events[0];
  const text = (name: string) => {
    const v = master?.getFirstPropertyValue(name);
    return typeof v === 'string' ? v : '';
  };
  return { location: text('location'), description: text('description') };
}

/**
 * Reads the place and description of the user's events stored before migration 030 out of their
 * texts (every write since sets them): once per event, on the first range or search after it.
 */
export async function fillIndex(repo: CalendarPortalRepo, userId: number): Promise<void> {
  for (;;) {
    const rows = await repo.unindexed(userId, BATCH);
    for (const r of rows) {
      const { location, description } = placeAndDescription(r.ical);
      await repo.setIndexed(userId, Number(r.id), location, description);
    }
    if (rows.length < BATCH) return;
  }
}
