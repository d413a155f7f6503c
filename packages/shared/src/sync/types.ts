import type { Contact, ContactContent } from '../contacts/types.js';
import type { Note, NoteInput } from '../notes/types.js';
import type { HeldStatusValue, SyncArea, SyncOutcomeValue } from './codes.js';

// ---- pull ----

/** `SyncApi.pull`. */
export interface SyncPullRequest {
  area: SyncArea;
  /**
   * The anchor the last finished pull of this area answered, as given (opaque text); `''` for
   * the first sync or after 1009: the answer is then the whole area (`full: true`). Omitted: the
   * anchor the server last saw this phone confirm.
   */
  anchor?: string;
  /** The `cursor` of the previous page of this pull; absent for its first page. */
  cursor?: string;
  /** Items per page, 1..SYNC_PULL_PAGE_MAX (default SYNC_PULL_PAGE). */
  limit?: number;
}

/** A message as the phone and the cloud exchange it (messages are never edited, only added). */
export interface SyncMessage {
  server_id: string;
  /** The conversation address, normalised as the portal shows it. */
  address: string;
  body: string;
  /** Epoch ms. */
  date: number;
  /** 1 received, 2 sent (Android's Telephony types; anything else is kept as given). */
  type: number;
  read: 0 | 1;
  /** 1 favourite. */
  locked: 0 | 1;
}

/** A calendar event as exchanged: the iCalendar text (one VCALENDAR, one UID). */
export interface SyncEvent {
  server_id: string;
  uid: string;
  version_code: number;
  ical: string;
}

/** The item type of each area. */
export interface SyncItemOf {
  contacts: Contact;
  sms: SyncMessage;
  notes: Note;
  calendar: SyncEvent;
}

/**
 * One page of a pull. Repeat the same request (same anchor, same cursor) after a cut
 * connection: the page comes again. Keep `anchor` only once `more` is false.
 */
export interface SyncPullPage<A extends SyncArea = SyncArea> {
  area: A;
  /** Everything up to this anchor has been sent once `more` is false: send it on the next pull. */
  anchor: string;
  /** Pass back to get the next page; null on the last one. */
  cursor: string | null;
  more: boolean;
  /**
   * true: this pull lists the whole area (anchor '' or after 1009). At its end, items the phone
   * holds with a server id (uid for the calendar) that were not listed are gone from the cloud.
   */
  full: boolean;
  /** Items written since the anchor (or all, when full), in their current cloud state. */
  items: SyncItemOf[A][];
  /**
   * What left the cloud since the anchor: server ids (contacts, notes: deleted or purged), UIDs
   * (calendar), conversation addresses (sms: a conversation deleted in the portal). Empty when full.
   */
  deleted: string[];
}

// ---- push ----

export interface ContactCreate {
  op: 'create';
  /** The phone's own id for the new item, echoed in its result. */
  cid: string;
  content: ContactContent;
}
export interface ContactEdit {
  op: 'edit';
  server_id: string;
  /** The version_code the phone last pulled for this contact. */
  version_code: number;
  /** The whole content as it is now on the phone. */
  content: ContactContent;
}
export interface ItemDelete {
  op: 'delete';
  server_id: string;
  version_code: number;
}

/** A note's fields as save.do takes them, without its id and version. */
export type SyncNoteFields = Omit<NoteInput, 'server_id' | 'version_code'>;
export interface NoteCreate {
  op: 'create';
  cid: string;
  note: SyncNoteFields;
}
export interface NoteEdit {
  op: 'edit';
  server_id: string;
  version_code: number;
  /** Fields left out stay as they are in the cloud. */
  note: SyncNoteFields;
}

export interface EventCreate {
  op: 'create';
  cid: string;
  ical: string;
}
export interface EventEdit {
  op: 'edit';
  uid: string;
  version_code: number;
  ical: string;
}
export interface EventDelete {
  op: 'delete';
  uid: string;
  version_code: number;
}

export interface MessageCreate {
  op: 'create';
  cid?: string;
  address: string;
  body: string;
  date: number;
  type: number;
  read?: 0 | 1;
  locked?: 0 | 1;
}
/** Accepted and answered `kept`: messages only accumulate in the cloud. */
export interface MessageDelete {
  op: 'delete';
  server_id: string;
}

/** The changes each area accepts. */
export interface SyncChangeOf {
  contacts: ContactCreate | ContactEdit | ItemDelete;
  sms: MessageCreate | MessageDelete;
  notes: NoteCreate | NoteEdit | ItemDelete;
  calendar: EventCreate | EventEdit | EventDelete;
}

/** `SyncApi.push`: applied whole or not at all; the same batch_id again applies nothing twice. */
export interface SyncPushRequest<A extends SyncArea = SyncArea> {
  area: A;
  /** Chosen by the phone per batch (SYNC_BATCH_ID_MIN..MAX chars of [A-Za-z0-9_-]); reuse it only to resend. */
  batch_id: string;
  /** 1..SYNC_BATCH_MAX changes, applied in order. */
  changes: SyncChangeOf[A][];
  /**
   * Added after the first version (docs/sync.md, Changes); optional. Deletes of this area the
   * phone still has to send in later batches of the same round: the mass-deletion guard counts
   * them with this batch's, so a wipe split over batches is held at its first batch.
   */
  pending_deletes?: number;
}

/** What became of one change, in the order sent. */
export interface SyncChangeResult {
  /** Position of the change in `changes`. */
  index: number;
  outcome: SyncOutcomeValue;
  cid?: string;
  /** The item written (for a conflict copy: the copy); absent when nothing was written. */
  server_id?: string;
  /** Calendar: the UID written (for a conflict copy: the copy's new UID). */
  uid?: string;
  version_code?: number;
  /** Conflict copy: the cloud's item that was kept as it was (server id, or UID for the calendar). */
  conflict_with?: string;
}

export interface SyncPushResult {
  area: SyncArea;
  batch_id: string;
  /** The area's sync_version after the batch. Pull from your anchor to see merges and copies. */
  sync_version: number;
  results: SyncChangeResult[];
  /** true when this batch had been applied before (a resend): the results are the first ones. */
  replayed: boolean;
}

/** `data` of a push answered `SyncCode.HELD` or `SyncCode.REFUSED`. */
export interface SyncHeldInfo {
  held_id: string;
  area: SyncArea;
  batch_id: string;
  status: HeldStatusValue;
  /** Deletes the guard counted (this batch's plus the phone's recent ones of the area). */
  deletes: number;
  /** Items in the book before them. */
  total: number;
}

// ---- portal ----

/** One held sync as the portal's banner shows it. */
export interface SyncHeld extends SyncHeldInfo {
  device_id: string;
  brand: string;
  model: string;
  /** Deletes in the held batch itself. */
  batch_deletes: number;
  created_at: number;
}

/** `SyncPortalApi.heldList`: the area's syncs waiting for the owner (status HELD). */
export interface SyncHeldList {
  area: SyncArea;
  list: SyncHeld[];
}

/** Answer of apply.do and refuse.do. */
export interface SyncHeldDecision {
  held_id: string;
  status: HeldStatusValue;
  /** The area's sync_version afterwards (the portal's next refresh picks the change up). */
  sync_version: number;
}
