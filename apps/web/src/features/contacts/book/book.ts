import {
  CONTACT_LETTERS,
  type Contact,
  type ContactBook,
  type ContactRefresh,
  type LetterIndex,
} from '@phonecloud/shared';
import type { BookHead } from '../api/list-stream';

/**
 * The address book as the screens read it. Contacts sit in a Map so that a refresh delta copies
 * the map (cheap) and keeps every unchanged contact object: caches keyed by contact (search
 * haystacks) survive a delta.
 */
export interface Book {
  syncVersion: number;
  /** The contacts that have arrived: all of them once `loaded`. */
  byId: ReadonlyMap<string, Contact>;
  /** False while list.do is still streaming in: the indexes are whole, `byId` is not yet. */
  loaded: boolean;
  /** Contacts in the book (counted from the index, so it is right before they all arrive). */
  total: number;
  /** Group names in creation order. */
  groups: readonly string[];
  /** Group name to member ids. */
  groupMembers: Readonly<Record<string, readonly string[]>>;
  letterIndex: LetterIndex;
  groupLetterIndex: Readonly<Record<string, LetterIndex>>;
}

function totalOf(letters: LetterIndex): number {
  let n = 0;
  for (const ids of Object.values(letters)) n += ids.length;
  return n;
}

/** The book from what has arrived of list.do (`done`: all of it). */
export function bookOf(head: BookHead, contacts: ReadonlyMap<string, Contact>, done: boolean): Book {
  const letterIndex = head.letter_index ?? {};
  return {
    syncVersion: head.sync_version,
    byId: contacts,
    loaded: done,
    total: done ? contacts.size : totalOf(letterIndex),
    groups: Object.keys(head.group ?? {}),
    groupMembers: head.group ?? {},
    letterIndex,
    groupLetterIndex: head.group_letter_index ?? {},
  };
}

export function buildBook(data: ContactBook): Book {
  const { list, ...head } = data;
  return bookOf(head, new Map(Object.entries(list)), true);
}

/** Stands in for the book while list.do is on its way (never written to). */
export const LOADING_BOOK: Book = {
  syncVersion: 0,
  byId: new Map(),
  loaded: false,
  total: 0,
  groups: [],
  groupMembers: {},
  letterIndex: {},
  groupLetterIndex: {},
};

/** Whether a refresh answer carries anything to apply. */
export function refreshChanges(book: Book, delta: ContactRefresh): boolean {
  return (
    delta.sync_version !== book.syncVersion ||
    Object.keys(delta.list).length > 0 ||
    delta.del.length > 0 ||
    delta.letter_index !== undefined
  );
}

/** The book after a refresh.do delta: changed contacts replaced, removed ones dropped, new indexes. */
export function applyRefresh(book: Book, delta: ContactRefresh): Book {
  const byId = new Map(book.byId);
  for (const id of delta.del) byId.delete(id);
  for (const [id, contact] of Object.entries(delta.list)) byId.set(id, contact);
  return {
    syncVersion: delta.sync_version,
    byId,
    loaded: true,
    total: byId.size,
    groups: delta.group ? Object.keys(delta.group) : book.groups,
    groupMembers: delta.group ?? book.groupMembers,
    letterIndex: delta.letter_index ?? book.letterIndex,
    groupLetterIndex: delta.group_letter_index ?? book.groupLetterIndex,
  };
}

/** The group tab of the list: null is "all contacts". */
export type GroupFilter = string | null;

/** Letter to ids of one tab, in the server's order (letters A-Z, then '#'). */
export function lettersOf(book: Book, group: GroupFilter): LetterIndex {
  if (group === null) return book.letterIndex;
  return book.groupLetterIndex[group] ?? {};
}

export function countOf(book: Book, group: GroupFilter): number {
  if (group === null) return book.total;
  return book.groupMembers[group]?.length ?? 0;
}

/** Every id of a tab in list order. */
export function idsOf(book: Book, group: GroupFilter): string[] {
  const letters = lettersOf(book, group);
  return CONTACT_LETTERS.flatMap((l) => letters[l] ?? []);
}
