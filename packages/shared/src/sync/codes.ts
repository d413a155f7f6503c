/** The four data sets a phone syncs. */
export const SYNC_AREAS = ['contacts', 'sms', 'notes', 'calendar'] as const;
export type SyncArea = (typeof SYNC_AREAS)[number];
export function isSyncArea(value: unknown): value is SyncArea {
  return typeof value === 'string' && (SYNC_AREAS as readonly string[]).includes(value);
}

/**
 * Business codes of the sync calls. The general ones apply too: 2002 (device token missing,
 * revoked or wrong), 1009 (the anchor is too old or not this book's: pull again from `''`),
 * 1000 (bad input; `message` says what, `data.index` names the change).
 */
export const SyncCode = {
  /** A change names an item this account does not have (unknown, or another account's id): nothing applied. */
  NOT_FOUND: 1011,
  /** The push would delete too much: stored, not applied; the owner decides in the portal. */
  HELD: 1020,
  /** The owner refused this held push in the portal: reload the area from the cloud (`anchor: ''`). */
  REFUSED: 1021,
} as const;
export type SyncCodeValue = (typeof SyncCode)[keyof typeof SyncCode];

/** A held sync's state. */
export const HeldStatus = { HELD: 0, APPLIED: 1, REFUSED: 2 } as const;
export type HeldStatusValue = (typeof HeldStatus)[keyof typeof HeldStatus];

/** What became of one change of a push (`SyncChangeResult.outcome`). */
export const SyncOutcome = {
  /** Applied as sent. */
  APPLIED: 'applied',
  /** Edited on both sides: merged (contacts field by field; both values kept where one field differs). */
  MERGED: 'merged',
  /** Edited on both sides: the cloud's version stays, the phone's is kept beside it as a new item (notes, calendar). */
  CONFLICT_COPY: 'conflict_copy',
  /** The item had been deleted in the cloud: the phone's edit comes back as a new item. */
  RECREATED: 'recreated',
  /** Nothing to do: already there (a message), already deleted, or unchanged. */
  UNCHANGED: 'unchanged',
  /** A delete not applied: the cloud's item changed after the phone's version, or messages (they only accumulate). */
  KEPT: 'kept',
} as const;
export type SyncOutcomeValue = (typeof SyncOutcome)[keyof typeof SyncOutcome];
