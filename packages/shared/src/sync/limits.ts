/** Changes one push may carry (creates, edits and deletes together). */
export const SYNC_BATCH_MAX = 500;
/** Items a pull page answers by default, and at most. */
export const SYNC_PULL_PAGE = 500;
export const SYNC_PULL_PAGE_MAX = 1000;
/** A batch id: 8-64 characters of [A-Za-z0-9_-] chosen by the phone (a UUID fits). */
export const SYNC_BATCH_ID_MIN = 8;
export const SYNC_BATCH_ID_MAX = 64;
/** A client id (`cid`) of a created item, echoed in its result: at most this long. */
export const SYNC_CID_MAX = 64;
/**
 * Mass-deletion guard: a push is held when the deletes it would apply (with the same phone's
 * deletes of that area applied in the last SYNC_GUARD_WINDOW_MS, and those it says are still to
 * come) look like a reset rather than tidying: every item of a book of SYNC_GUARD_WHOLE_BOOK_MIN
 * or more, or more than SYNC_GUARD_SHARE of a book of SYNC_GUARD_SHARE_BOOK_MIN or more (the book
 * as it stood before them). A small book loses its last items only one or two at a time.
 */
export const SYNC_GUARD_WHOLE_BOOK_MIN = 3;
export const SYNC_GUARD_SHARE_BOOK_MIN = 10;
export const SYNC_GUARD_SHARE = 0.5;

/** Whether `deletes` of a book of `book` items is held by the guard (see above). */
export function isMassDeletion(deletes: number, book: number): boolean {
  if (deletes <= 0) return false;
  if (book >= SYNC_GUARD_WHOLE_BOOK_MIN && deletes >= book) return true;
  return book >= SYNC_GUARD_SHARE_BOOK_MIN && deletes > book * SYNC_GUARD_SHARE;
}
export const SYNC_GUARD_WINDOW_MS = 60 * 60_000;
/** A phone's applied batch ids are remembered this long (a resend within it applies nothing twice). */
export const SYNC_BATCH_KEEP_DAYS = 30;
/** Decided held syncs stay listed for the phone's answer this long, then go. */
export const SYNC_HELD_KEEP_DAYS = 30;
/** Largest push body accepted (500 changes of full notes or events fit). */
export const SYNC_PUSH_BODY_MAX = 8 * 1024 * 1024;
