import type { NoteList } from '@phonecloud/shared';
import { noteCalls } from './note-calls';

// A download older than this is not used: the area was left before its chunk arrived.
const FRESH_MS = 30_000;
let pending: { list: Promise<NoteList>; at: number } | null = null;

/**
 * Starts list.do while the area's chunk is still loading (its loader in app/areas.ts calls this),
 * so the two downloads overlap instead of following each other. Kept apart from the area's chunk
 * on purpose: this file is in the portal's main bundle. Answers when the list is in (or failed:
 * the area then shows the failure, or the client has already gone to the check screen).
 */
export function prefetchNoteList(): Promise<void> {
  const list = noteCalls.list();
  const entry = { list, at: Date.now() };
  pending = entry;
  return list.then(
    () => undefined,
    () => {
      // A failed download (6001 before the check) is never used: the area calls again.
      if (pending === entry) pending = null;
    },
  );
}

/** The prefetched list, once, if it is fresh: the area's query takes it instead of calling again. */
export function takePrefetchedNoteList(): Promise<NoteList> | null {
  const p = pending;
  pending = null;
  return p && Date.now() - p.at < FRESH_MS ? p.list : null;
}
