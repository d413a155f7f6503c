import type { Contact } from '@phonecloud/shared';
import { T } from '../texts';

/** Which field of spec 001 §3 a search field is (each has its own display cut in the list). */
export type SearchFieldKind =
  | 'name'
  | 'phonetic'
  | 'phone'
  | 'email'
  | 'company'
  | 'title'
  | 'im'
  | 'address'
  | 'nickname'
  | 'website'
  | 'event'
  | 'note'
  | 'group';

/** A field of a contact that search looks at: which one, its label and its text. */
export interface SearchField {
  kind: SearchFieldKind;
  label: string;
  text: string;
}

/** The name fields first (they are what a row shows), then every other field of spec 001 §3. */
export function searchFields(c: Contact): SearchField[] {
  const out: SearchField[] = [];
  const add = (kind: SearchFieldKind, label: string, text: string | undefined) => {
    if (text) out.push({ kind, label, text });
  };
  const { content } = c;
  for (const n of content.name) {
    add('name', T.name, n.display_name);
    if (n.given_name !== n.display_name) add('name', T.name, n.given_name);
    add('phonetic', T.phonetic, n.phonetic_family_name);
  }
  add('phonetic', T.phonetic, c.nameSpell);
  for (const p of content.phone) add('phone', T.phone, p.number);
  for (const e of content.email) add('email', T.email, e.address);
  for (const o of content.organization) {
    add('company', T.company, o.company);
    add('title', T.jobTitle, o.title);
  }
  for (const i of content.im) add('im', T.im, i.address);
  for (const a of content['postal-address']) add('address', T.address, a.formatted_address);
  for (const n of content.nickname) add('nickname', T.nickname, n.name);
  for (const w of content.website) add('website', T.website, w.url);
  for (const e of content.event) add('event', T.event, e.start_date);
  for (const n of content.note) add('note', T.note, n.note);
  for (const g of content.group) add('group', T.group, g.groupTitle);
  return out;
}

// Keyed by the contact object: a refresh delta replaces only the contacts it changed, so the
// haystacks of all others stay.
const haystacks = new WeakMap<Contact, string>();
// Never typed into the search box (max 40 characters of text), so a query cannot span two fields.
const SEPARATOR = '\u0000';

/**
 * Everything search matches a contact against, lower-cased once: the fields above, plus phone
 * numbers without spaces and dashes so that '13800138000' finds '138 0013 8000'.
 */
export function haystackOf(c: Contact): string {
  let hay = haystacks.get(c);
  if (hay === undefined) {
    const parts = searchFields(c).map((f) => f.text);
    for (const p of c.content.phone) parts.push(p.number.replace(/[\s-]/g, ''));
    hay = parts.join(SEPARATOR).toLowerCase();
    haystacks.set(c, hay);
  }
  return hay;
}

/** The query as matched: trimmed and lower-cased; '' means no search. */
export function normalizeQuery(query: string): string {
  return query.trim().toLowerCase();
}

export function matchesQuery(c: Contact, q: string): boolean {
  return haystackOf(c).includes(q);
}

/** The first field whose text holds the query, for the row's "why it matched" line. */
export function matchedField(c: Contact, q: string): SearchField | null {
  return searchFields(c).find((f) => f.text.toLowerCase().includes(q)) ?? null;
}

const CHUNK = 5000;

/**
 * Builds the haystacks of a book in slices between frames, so the first keystroke finds them
 * ready and the first paint of the list never waits for them. Answers a cancel function.
 */
export function warmHaystacks(contacts: readonly Contact[]): () => void {
  let at = 0;
  let handle: number | undefined;
  const idle = (fn: () => void) =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(fn, { timeout: 200 })
      : window.setTimeout(fn, 16);
  const step = () => {
    const end = Math.min(at + CHUNK, contacts.length);
    for (; at < end; at++) {
      const c = contacts[at];
      if (c) haystackOf(c);
    }
    if (at < contacts.length) handle = idle(step);
  };
  handle = idle(step);
  return () => {
    if (handle === undefined) return;
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(handle);
    window.clearTimeout(handle);
  };
}
