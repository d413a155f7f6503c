import type { NoteList } from '@phonecloud/shared';
import { noteCalls } from './note-calls';

// A download older than this is not used: the area was left before its chunk arrived.
const FRESH_MS = 30_000;
let pending: { list: Promise<NoteList>; at: number; ready?: NoteList } | null = null;

/**
 * Starts list.do while the area's chunk is still loading (its loader in app/areas.ts calls this),
 * so the two downloads overlap instead of following each other. Kept apart from the area's chunk
 * on purpose: this file is in the portal's main bundle. Answers when the list is in (or failed:
 * the area then shows the failure, or the client has already gone to the check screen).
 */
export function prefetchNoteList(): Promise<void> {
  const list = noteCalls.list();
  const entry: { list: Promise<NoteList>; at: number; ready?: NoteList } = { list, at: Date.now() };
  pending = entry;
  return list.then(
    (answer) => {
      entry.ready = answer;
    },
    () => {
      // A failed download (6001 before the check) is never used: the area calls again.
      if (pending === entry) pending = null;
    },
  );
}

function take(): typeof pending {
  const p = pending;
  pending = null;
  return p && Date.now() - p.at < FRESH_MS ? p : null;
}

/** The prefetched list, once, if it is fresh: the area's query takes it instead of calling again. */
export function takePrefetchedNoteList(): Promise<NoteList> | null {
  return take()?.list ?? null;
}

/**
 * The prefetched list if it has already arrived (and is fresh), once: the query starts with it,
 * so that the area's first render already draws the cards instead of a spinner followed by a
 * second render a task later.
 */
export function takeArrivedNoteList(): { list: NoteList; at: number } | undefined {
  if (!pending?.ready) return undefined;
  const p = take();
  return p?.ready ? { list: p.ready, at: p.at } : undefined;
}
