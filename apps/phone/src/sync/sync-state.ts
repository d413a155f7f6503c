import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ContactContent, SyncArea, SyncHeldInfo } from '@phonecloud/shared';
import type { PhoneNote } from './notes-md.js';
import type { PhoneMessage } from './sms-xml.js';

/**
 * What the phone remembers of the last sync, in `<dir>/sync.json`: per area the anchor of the
 * last finished pull, the batch sent and not yet answered (resent with the same id after a cut
 * connection or while the portal holds it), and the cloud's state of every item as last synced,
 * with the form its file had when the phone wrote it (the base a local edit is measured from).
 */

/** A batch on its way: resent as it is (same id) until the server answers it. */
export interface PendingBatch {
  batch_id: string;
  changes: unknown[];
  /** cid of each create → the local key of the item it creates. */
  cids: Record<string, string>;
  /** Set once the server answered that the portal holds the batch (mass-deletion guard). */
  held: SyncHeldInfo | null;
}

export interface AreaSync<T> {
  /** '' until the first full pull (and after 1009 or a refused batch): the next pull lists the whole area. */
  anchor: string;
  pending: PendingBatch | null;
  /** By the item's local key (UID for contacts and events, server id for notes, message key for messages). */
  items: Record<string, T>;
  /** When the last round of this area finished (epoch ms), 0 never. */
  synced_at: number;
}

export interface ContactRecord {
  server_id: string;
  version_code: number;
  /** The cloud's content as last pulled (or pushed). */
  content: ContactContent;
  /** The content the card in contacts.vcf was read as, right after the phone wrote it. */
  base: ContactContent;
}
export interface NoteRecord {
  server_id: string;
  version_code: number;
  /** The note's file, relative to the data folder. */
  file: string;
  /** 0 in the box, 1 on a blackboard (where a new file goes). */
  status: number;
  fields: PhoneNote['fields'];
  /** The fields its file was read as right after the phone wrote it (JSON). */
  base: string;
}
export interface EventRecord {
  server_id: string;
  version_code: number;
  /** The event's canonical VCALENDAR as the cloud has it. */
  ical: string;
  /** Its canonical form as read back from calendar.ics right after the phone wrote it. */
  base: string;
}
export interface MessageRecord {
  server_id: string;
  message: PhoneMessage;
}

export interface SyncState {
  contacts: AreaSync<ContactRecord>;
  sms: AreaSync<MessageRecord>;
  notes: AreaSync<NoteRecord>;
  calendar: AreaSync<EventRecord>;
}

const emptyArea = <T>(): AreaSync<T> => ({ anchor: '', pending: null, items: {}, synced_at: 0 });

export function emptySyncState(): SyncState {
  return { contacts: emptyArea(), sms: emptyArea(), notes: emptyArea(), calendar: emptyArea() };
}

/** The sync state file of a phone folder. */
export class SyncStore {
  constructor(readonly dir: string) {}

  get path() {
    return path.join(this.dir, 'sync.json');
  }

  read(): SyncState {
    if (!existsSync(this.path)) return emptySyncState();
    const raw = JSON.parse(readFileSync(this.path, 'utf8')) as Partial<SyncState>;
    const empty = emptySyncState();
    return {
      contacts: raw.contacts ?? empty.contacts,
      sms: raw.sms ?? empty.sms,
      notes: raw.notes ?? empty.notes,
      calendar: raw.calendar ?? empty.calendar,
    };
  }

  /** Written to a temp file and renamed: a crash never leaves half a state. */
  write(state: SyncState): void {
    mkdirSync(this.dir, { recursive: true });
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, JSON.stringify(state));
    renameSync(tmp, this.path);
  }
}

export type { SyncArea };
