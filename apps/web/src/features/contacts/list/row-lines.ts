import { CONTACT_FIELD_MAX, CONTACT_TRUNCATE, type Contact, GROUP_TRUNCATE_LIST } from '@phonecloud/shared';
import { displayName, primaryPhone } from '../format/contact-view';
import { truncate } from '../format/truncate';
import { matchedField, type SearchFieldKind } from '../search/haystack';
import { T } from '../texts';

/**
 * Characters of each field the row's "why it matched" line shows. The spec cuts names at 25,
 * phones and e-mails at 32, addresses at 40 (spec 001 §5) and group names at 15 in lists (§2).
 * The spec gives no cut for the other fields: they are cut at 40, the longest the editor lets
 * them be (`CONTACT_FIELD_MAX`), so only a note (up to 500) or a long pinyin spelling sent by the
 * server is ever cut there.
 */
export const ROW_FIELD_MAX: Readonly<Record<SearchFieldKind, number>> = {
  name: CONTACT_TRUNCATE.name,
  phone: CONTACT_TRUNCATE.phone,
  email: CONTACT_TRUNCATE.email,
  address: CONTACT_TRUNCATE.address,
  group: GROUP_TRUNCATE_LIST,
  phonetic: CONTACT_FIELD_MAX,
  company: CONTACT_FIELD_MAX,
  title: CONTACT_FIELD_MAX,
  im: CONTACT_FIELD_MAX,
  nickname: CONTACT_FIELD_MAX,
  website: CONTACT_FIELD_MAX,
  event: CONTACT_FIELD_MAX,
  note: CONTACT_FIELD_MAX,
};

// Characters kept before a match when a line is cut around it: enough to read what the match is
// part of, few enough that the match stays inside the row's width even in Chinese (the row also
// cuts with an ellipsis where it runs out of room).
const LEAD = 8;

/** Where the first match of `q` (lower-cased) lies, in characters (code points) of `chars`. */
function matchIn(chars: readonly string[], q: string): { start: number; end: number } | null {
  if (!q) return null;
  // Lower-cased one character at a time, so that a position maps back to a character.
  const starts: number[] = [];
  let lower = '';
  for (const ch of chars) {
    starts.push(lower.length);
    lower += ch.toLowerCase();
  }
  const at = lower.indexOf(q);
  if (at < 0) return null;
  const stop = at + q.length;
  let start = 0;
  let end = chars.length;
  for (const [i, s] of starts.entries()) {
    if (s <= at) start = i;
    if (s >= stop) {
      end = i;
      break;
    }
  }
  return { start, end };
}

/**
 * `text` cut to `max` characters so that the first match of `q` shows: from the start when the
 * match ends within `max` (as the text is cut everywhere else), otherwise from a few characters
 * before the match, with '…' where the text is cut. A query longer than `max` widens the cut to
 * the whole match.
 */
export function cutAround(text: string, q: string, max: number): string {
  const chars = Array.from(text);
  const hit = matchIn(chars, q);
  if (!hit || hit.end <= max) return truncate(text, max);
  const from = Math.max(0, hit.start - LEAD);
  const to = Math.min(chars.length, from + Math.max(max, hit.end - from));
  return `${from > 0 ? '…' : ''}${chars.slice(from, to).join('')}${to < chars.length ? '…' : ''}`;
}

/** What a row of the list shows besides the avatar. */
export interface RowLines {
  /** The name, cut at 25. */
  name: string;
  /**
   * Why the contact matched the search, when the name as shown does not show it: the label of
   * the field that matched and its text, cut around the match so that it can be highlighted.
   */
  why: { label: string; text: string } | null;
  /** The primary phone, cut at 32: the second line when there is no `why`. */
  phone: string;
}

/** The row's lines for the normalised query `q` ('' when not searching). */
export function rowLines(c: Contact, q: string): RowLines {
  const fullName = displayName(c);
  const lines: RowLines = {
    name: truncate(fullName, CONTACT_TRUNCATE.name),
    why: null,
    phone: truncate(primaryPhone(c), CONTACT_TRUNCATE.phone),
  };
  if (!q) return lines;
  const inName = matchIn(Array.from(fullName), q);
  // The name line shows the match, highlighted.
  if (inName && inName.end <= CONTACT_TRUNCATE.name) return lines;
  // Otherwise the first field holding it; for a long name matched past its cut that is the name
  // itself, shown again around the match.
  const field = matchedField(c, q);
  if (field) {
    return {
      ...lines,
      why: { label: field.label, text: cutAround(field.text, q, ROW_FIELD_MAX[field.kind]) },
    };
  }
  // Search also finds phones typed without their spaces and dashes ('13800138000' finds
  // '138 0013-8000'); such a phone is shown the way it was typed, so the match can be marked.
  for (const p of c.content.phone) {
    const bare = p.number.replace(/[\s-]/g, '');
    if (bare.toLowerCase().includes(q)) {
      return { ...lines, why: { label: T.phone, text: cutAround(bare, q, CONTACT_TRUNCATE.phone) } };
    }
  }
  return lines;
}
