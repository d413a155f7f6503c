import type { Contact } from '../contacts/types.js';
import type { Note } from '../notes/types.js';
import type { HeldStatusValue, SyncArea, SyncOutcomeValue } from './codes.js';

// ---- pull ----
// Requests are inferred from their schemas (`@phonecloud/shared/api`, api/sync.ts), which the
// server checks them with.

export type { EventChange } from '../api/calendar.js';
export type { ContactChange } from '../api/contacts.js';
export type { NoteChange, SyncNoteFields } from '../api/notes.js';
export type { MessageChange } from '../api/sms.js';
export type { SyncChangeOf, SyncPullRequest, SyncPushRequest } from '../api/sync.js';

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
