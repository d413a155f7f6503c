import { BookLoad } from './book-load';

// A download older than this is not used: the area was left before its chunk arrived.
const FRESH_MS = 30_000;

interface Pending {
  load: BookLoad;
  /** Set when the call failed (for example 6001 before the check): such a load is never used. */
  failed: boolean;
}
let pending: Pending | null = null;

/**
 * Starts list.do while the area's chunk is still loading (its loader calls this), so the two
 * downloads overlap instead of following each other. Kept apart from the area's chunk on
 * purpose: this file is in the portal's main bundle.
 */
export function prefetchContactBook(): Promise<void> {
  // One try per page load: after a failure (6001 before the check) the area makes its own call
  // once it is on screen, and no late second 6001 can send a verified user back to the gate.
  if (pending) return pending.load.firstScreen;
  const entry: Pending = { load: new BookLoad(), failed: false };
  entry.load.done.catch(() => {
    entry.failed = true;
  });
  pending = entry;
  // Not taken in time (the area was left before its chunk arrived): the download, which waits
  // for a screen after its first contacts, is dropped.
  setTimeout(() => {
    if (pending === entry) {
      pending = null;
      entry.load.cancel();
    }
  }, FRESH_MS);
  return entry.load.firstScreen;
}

/** The prefetched download, once, if its first screen is in: the area's first render can show it. */
export function takePrefetchedFirstScreen(): BookLoad | null {
  return pending && !pending.failed && pending.load.first ? takePrefetchedBook() : null;
}

/** The prefetched download, once, unless it failed (the timer above drops a stale one). */
export function takePrefetchedBook(): BookLoad | null {
  const p = pending;
  pending = null;
  return p && !p.failed ? p.load : null;
}
