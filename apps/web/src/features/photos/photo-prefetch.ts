import type { PhotoItem, PhotoMonth, PhotoPage } from '@phonecloud/shared';
import { photoCalls } from './photo-calls';
import { PHOTO_OPENING } from './photo-early';

// A download older than this is not used: the area was left before its chunk arrived.
const FRESH_MS = 30_000;
/** The newest months fetched ahead: enough photos for the widest first screen (7 × 5), twice. */
const FIRST_SCREEN_ITEMS = 70;
const FIRST_SCREEN_MONTHS = 4;

let started = false;
let months: Promise<PhotoMonth[]> | null = null;
let items = new Map<string, Promise<PhotoItem[]>>();

/** The months that fill the first screen, newest first. */
function firstScreen(all: readonly PhotoMonth[]): string[] {
  const picked: string[] = [];
  let count = 0;
  for (const m of all) {
    if (count >= FIRST_SCREEN_ITEMS || picked.length >= FIRST_SCREEN_MONTHS) break;
    picked.push(m.month);
    count += m.count;
  }
  return picked;
}

/**
 * The photos of `month` in a page of the newest (newest first), if the page holds them all: it
 * went on past the month, or it is the whole timeline.
 */
export function wholeMonth(page: PhotoPage, month: string): PhotoItem[] | null {
  const last = page.items[page.items.length - 1];
  if (page.next !== '' && (!last || last.taken.slice(0, 7) >= month)) return null;
  return page.items.filter((i) => i.taken.slice(0, 7) === month);
}

/**
 * The timeline's first calls, started while the area's chunk loads (its loader in app/areas.ts
 * calls this): the month index and, beside it, the newest photos, from which the months of the
 * first screen are handed to their rows (a month the page does not hold whole is asked for once
 * the index names it). Without it the index waited for the chunk and the first render, and the
 * months for the index's render: three downloads one after another before a thumbnail could be
 * asked for. The page's HTML has started the two calls already where it could (PHOTO_OPENING):
 * these take its answers. Only the whole timeline (/photo/index) is fetched ahead; one try per page load,
 * each answer taken once.
 */
export function prefetchPhotoOpening(): void {
  const path = window.location.hash.replace(/^#/, '').split('?')[0] ?? '';
  if (started || !(PHOTO_OPENING.only as readonly string[]).includes(path)) return;
  started = true;
  let fresh = true;
  const mine = photoCalls.openingMonths();
  // Asked beside the index, not after it: the newest photos whatever their months, from which
  // the first months are taken whole where the page goes past them.
  const newest = photoCalls.openingNewest();
  newest.catch(() => undefined);
  months = mine;
  mine.then(
    (all) => {
      if (!fresh) return;
      for (const month of firstScreen(all)) {
        const answer = newest.then(
          (page) => wholeMonth(page, month) ?? photoCalls.month(month),
          () => photoCalls.month(month),
        );
        // A failure is not handed on: the row asks again itself.
        answer.catch(() => items.delete(month));
        items.set(month, answer);
      }
    },
    // A 6001 before the check already led to the gate; behind it the area asks anew.
    () => {
      if (months === mine) months = null;
    },
  );
  setTimeout(() => {
    fresh = false;
    if (months === mine) months = null;
    items = new Map();
  }, FRESH_MS);
}

/** The prefetched month index of the whole timeline, once. */
export function takePrefetchedMonths(): Promise<PhotoMonth[]> | null {
  const taken = months;
  months = null;
  return taken;
}

/** The prefetched photos of one month of the whole timeline, once. */
export function takePrefetchedMonth(month: string): Promise<PhotoItem[]> | null {
  const taken = items.get(month) ?? null;
  items.delete(month);
  return taken;
}
