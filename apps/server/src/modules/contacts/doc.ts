import { hash as digest } from 'node:crypto';
import {
  type Contact,
  type ContactAttachment,
  type ContactContent,
  letterOf,
  nameSpell,
  normalizeContactContent,
} from '@phonecloud/shared';

/** What a revision stores and what the book is made of: a contact without its bookkeeping. */
export interface ContactBody {
  content: ContactContent;
  attachment: ContactAttachment[];
}

/** The columns of a contacts row that follow from its body. */
export interface DerivedColumns {
  doc: string;
  name_spell: string;
  letter: string;
  groups: string;
  content_hash: string;
  size: number;
}

export function displayNameOf(content: ContactContent): string {
  return content.name[0]?.display_name ?? '';
}

export function toContact(id: number, versionCode: number, body: ContactBody): Contact {
  const name = displayNameOf(body.content);
  const spell = nameSpell(name);
  return {
    server_id: String(id),
    version_code: versionCode,
    nameSpell: spell,
    letter_index: letterOf(name, spell),
    content: body.content,
    attachment: body.attachment,
  };
}

/** What a body determines apart from its id and version: computed once, wherever the body is. */
export interface PreparedBody {
  /** The body's JSON ({content, attachment}), which is also its revision. */
  json: string;
  spell: string;
  letter: string;
  /** JSON array of the group titles. */
  groups: string;
  hash: string;
}

export function prepareBody(body: ContactBody, hash?: string): PreparedBody {
  return prepareContent(
    body.content,
    JSON.stringify(body.content),
    body.attachment,
    hash ?? (() => contentHash(body.content)),
  );
}

/** The same from the content's own JSON; `hash` may be known already. */
export function prepareContent(
  content: ContactContent,
  contentJson: string,
  attachment: readonly ContactAttachment[],
  hash: string | (() => string),
): PreparedBody {
  const name = displayNameOf(content);
  const spell = nameSpell(name);
  return {
    json: bodyJsonOf(contentJson, attachment),
    spell,
    letter: letterOf(name, spell),
    groups: JSON.stringify(content.group.map((g) => g.groupTitle)),
    hash: typeof hash === 'string' ? hash : hash(),
  };
}

/**
 * A body's JSON from its content's JSON, equal to JSON.stringify({content, attachment}): an
 * import makes the content's JSON on a worker thread, before the avatar is stored.
 */
export function bodyJsonOf(contentJson: string, attachment: readonly ContactAttachment[]): string {
  return `{"content":${contentJson},"attachment":${JSON.stringify(attachment)}}`;
}

/**
 * The row columns of a prepared body at an id and version, and the revision's JSON. The doc is
 * the body's JSON with the bookkeeping fields put in front, so each contact is serialised once
 * (imports write thousands).
 */
export function columnsOf(
  id: number,
  versionCode: number,
  p: PreparedBody,
): DerivedColumns & { body: string } {
  const head = JSON.stringify({
    server_id: String(id),
    version_code: versionCode,
    nameSpell: p.spell,
    letter_index: p.letter,
  });
  const doc = `${head.slice(0, -1)},${p.json.slice(1)}`;
  return {
    doc,
    name_spell: p.spell,
    letter: p.letter,
    groups: p.groups,
    content_hash: p.hash,
    size: Buffer.byteLength(doc),
    body: p.json,
  };
}

/** `columnsOf` a body; `hash` may come from a caller that computed it already. */
export function deriveColumns(
  id: number,
  versionCode: number,
  body: ContactBody,
  hash?: string,
): DerivedColumns & { body: string } {
  return columnsOf(id, versionCode, prepareBody(body, hash));
}

export function bodyJson(body: ContactBody): string {
  return JSON.stringify({ content: body.content, attachment: body.attachment });
}

export function parseBody(json: string): ContactBody {
  const raw = JSON.parse(json) as { content?: unknown; attachment?: unknown };
  return {
    content: normalizeContactContent(raw.content),
    attachment: Array.isArray(raw.attachment) ? (raw.attachment as ContactAttachment[]) : [],
  };
}

export function bodyOfDoc(doc: string): ContactBody {
  const c = JSON.parse(doc) as Contact;
  return { content: c.content, attachment: c.attachment };
}

/** One spelling per number: spaces, dashes and a +86 / 0086 country prefix do not count. */
export function phoneKey(number: string): string {
  return number.replace(/[\s-]/g, '').replace(/^(?:\+86|0086)/, '');
}
export function emailKey(address: string): string {
  return address.trim().toLowerCase();
}

/**
 * The identity of a contact for "identical" and for repeated imports: its content with phones
 * and e-mails in one spelling, entries in a fixed order, primary flags, groups and the avatar
 * left out (a merge unions those anyway).
 */
export function identityOf(content: ContactContent): string {
  // The JSON of the array of these lists, written out by hand: an import computes thousands.
  const lists = [
    sorted(content.name, (n) => [n.display_name, n.given_name, n.phonetic_family_name]),
    sorted(content.organization, (o) => [o.company, o.title, o.type]),
    sorted(content.phone, (p) => [phoneKey(p.number), p.type]),
    sorted(content.email, (e) => [emailKey(e.address), e.type]),
    sorted(content.im, (i) => [i.protocol, i.custom_protocol, i.address, i.type]),
    sorted(content['postal-address'], (a) => [a.formatted_address, a.street, a.type]),
    sorted(content.event, (e) => [e.start_date, e.lunar_or_solar, e.type]),
    sorted(content.note, (n) => n.note),
    sorted(content.nickname, (n) => [n.name, n.type]),
    sorted(content.website, (w) => [w.url, w.type]),
  ];
  return `[${lists.join(',')}]`;
}

/** The JSON of a list of each entry's key as JSON, in sorted order (most lists hold one or none). */
function sorted<T>(list: readonly T[], key: (e: T) => unknown): string {
  if (list.length === 0) return '[]';
  if (list.length === 1) return `[${JSON.stringify(JSON.stringify(key(list[0] as T)))}]`;
  return JSON.stringify(list.map((e) => JSON.stringify(key(e))).sort());
}

export function contentHash(content: ContactContent): string {
  // One-shot hashing: an import hashes thousands of short strings, where a Hash object costs more.
  return digest('sha256', identityOf(content));
}

/** Same content and same avatar: a write that would change nothing. */
export function sameBody(a: ContactBody, b: ContactBody): boolean {
  return bodyJson(a) === bodyJson(b);
}
