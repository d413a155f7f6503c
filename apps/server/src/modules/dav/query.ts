import { childOf, NS, type XmlNode } from '../../lib/dav-xml/index.js';
import type { DavCollection, ItemData, ItemMeta, RenderOptions } from '../../platform/dav-collection.js';
import { calendarFilterOf, calendarMatches, cardFilterOf, cardMatches, eventsOnly } from './filters.js';

/** Items read per batch when a filter needs their text: a large book is not held at once. */
const BATCH = 500;

/** The candidates whose text passes a test, with that text (reused when the data is asked). */
async function matching(
  store: DavCollection,
  candidates: readonly ItemMeta[],
  render: RenderOptions,
  test: (text: string) => boolean,
  limit = Number.POSITIVE_INFINITY,
): Promise<{ items: ItemData[]; truncated: boolean }> {
  const items: ItemData[] = [];
  for (let i = 0; i < candidates.length; i += BATCH) {
    const batch = candidates.slice(i, i + BATCH);
    const found = await store.fetch(
      batch.map((c) => c.name),
      render,
    );
    for (const c of batch) {
      const item = found.get(c.name);
      if (!item || !test(item.data)) continue;
      if (items.length >= limit) return { items, truncated: true };
      items.push(item);
    }
  }
  return { items, truncated: false };
}

/**
 * calendar-query (RFC 4791 §7.8): a time-range on the events is answered by the calendar's
 * index (`between`); the rest of the filter is tested on each candidate's text.
 */
export async function calendarQuery(
  store: DavCollection,
  root: XmlNode,
  render: RenderOptions,
): Promise<Array<ItemMeta | ItemData>> {
  const filter = calendarFilterOf(childOf(root, NS.CALDAV, 'filter'));
  // Only events are kept: a filter that needs another component finds none.
  if (filter.comps.some((c) => c.name !== 'VEVENT' && c.name !== 'VTIMEZONE' && !c.notDefined)) return [];
  const range = filter.comps.find((c) => c.timeRange)?.timeRange;
  const candidates =
    range && store.between ? await store.between(range.start, range.end) : await store.list();
  if (eventsOnly(filter)) return candidates;
  return (await matching(store, candidates, render, (text) => calendarMatches(filter, text))).items;
}

/**
 * addressbook-query (RFC 6352 §8.6): the cards whose text passes the filter, at most `limit`
 * of them (truncated tells the caller to add the 507 the RFC asks for).
 */
export async function addressbookQuery(
  store: DavCollection,
  root: XmlNode,
  render: RenderOptions,
): Promise<{ items: Array<ItemMeta | ItemData>; truncated: boolean }> {
  const filter = cardFilterOf(childOf(root, NS.CARDDAV, 'filter'));
  const nresults = Number(childOf(childOf(root, NS.CARDDAV, 'limit'), NS.CARDDAV, 'nresults')?.text.trim());
  const limit = Number.isInteger(nresults) && nresults >= 0 ? nresults : Number.POSITIVE_INFINITY;
  const all = await store.list();
  if (!filter) {
    return all.length > limit
      ? { items: all.slice(0, limit), truncated: true }
      : { items: all, truncated: false };
  }
  return matching(store, all, render, (text) => cardMatches(filter, text), limit);
}
