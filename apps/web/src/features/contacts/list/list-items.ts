import { CONTACT_LETTERS } from '@phonecloud/shared';
import { type Book, type GroupFilter, lettersOf } from '../book/book';
import { matchesQuery } from '../search/haystack';

/** Heights of the two kinds of rows of the list, in px. */
export const LETTER_HEIGHT = 28;
export const ROW_HEIGHT = 60;

// A heading is stored as this prefix and its letter, a contact as its id: one string per row and
// no object per row, so a keystroke over 50,000 contacts allocates little.
const HEADING = '\u0000';

export interface ListModel {
  /** What the view was built from (a later query may narrow it). */
  book: Book;
  group: GroupFilter;
  q: string;
  /** Contact ids, and letter headings as `HEADING + letter`. */
  items: string[];
  /** Top of each row in px; `offsets[items.length]` is the height of the whole list. */
  offsets: Int32Array;
  /** Index in `items` of each letter's heading, for the index bar. */
  letterAt: ReadonlyMap<string, number>;
  /** Contacts listed (the search result count). */
  count: number;
  /** Ids listed, in order (select all). */
  ids: string[];
}

export type ListRow = { kind: 'letter'; letter: string } | { kind: 'contact'; id: string };

export function rowAt(model: ListModel, index: number): ListRow | null {
  const item = model.items[index];
  if (item === undefined) return null;
  return item.startsWith(HEADING) ? { kind: 'letter', letter: item.slice(1) } : { kind: 'contact', id: item };
}

/**
 * The rows of one tab, filtered by a normalised query ('' shows all): per letter in index-bar
 * order, a heading and its contacts, with every row's offset. Haystacks are cached per contact.
 * `previous` is the view the list shows now: when the query only grew (typing on), only its
 * contacts can still match, so the scan shrinks with every key.
 */
export function buildListModel(
  book: Book,
  group: GroupFilter,
  q: string,
  previous?: ListModel | null,
): ListModel {
  const narrowing =
    previous &&
    previous.book === book &&
    previous.group === group &&
    previous.q !== '' &&
    q.startsWith(previous.q);
  const items: string[] = [];
  const letterAt = new Map<string, number>();
  const ids: string[] = [];
  const add = (letter: string, id: string) => {
    if (!letterAt.has(letter)) {
      letterAt.set(letter, items.length);
      items.push(HEADING + letter);
    }
    items.push(id);
    ids.push(id);
  };
  if (narrowing) {
    // Already in list order; each contact's letter is the one the server filed it under.
    for (const id of previous.ids) {
      const contact = book.byId.get(id);
      if (contact && matchesQuery(contact, q)) add(contact.letter_index, id);
    }
  } else {
    const letters = lettersOf(book, group);
    for (const letter of CONTACT_LETTERS) {
      for (const id of letters[letter] ?? []) {
        if (q) {
          const contact = book.byId.get(id);
          if (!contact || !matchesQuery(contact, q)) continue;
          // While the book streams in, a contact still on its way holds its row.
        } else if (book.loaded && !book.byId.has(id)) continue;
        add(letter, id);
      }
    }
  }
  const offsets = new Int32Array(items.length + 1);
  for (let i = 0; i < items.length; i++) {
    offsets[i + 1] =
      (offsets[i] ?? 0) + ((items[i] as string).startsWith(HEADING) ? LETTER_HEIGHT : ROW_HEIGHT);
  }
  return { book, group, q, items, offsets, letterAt, count: ids.length, ids };
}

/** The first row whose bottom is below `y` (binary search over the offsets). */
export function rowAtOffset(offsets: Int32Array, count: number, y: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((offsets[mid + 1] ?? 0) <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index bar shows '#' as AA (spec 001 §2). */
export function indexBarLabel(letter: string): string {
  return letter === '#' ? 'AA' : letter;
}
