import {
  ADDRESS_PART_FIELD,
  ADDRESS_PARTS,
  addressText,
  CONTACT_FIELD_MAX,
  CONTACT_NOTE_MAX,
  type ContactAttachment,
  type ContactContent,
  type ContactField,
  ContactMsg,
  checkContactContent,
  checkEventDate,
  GROUP_NAME_MAX,
  ImportText,
  isStructuredAddress,
  isValidContactEmail,
  isValidWebsite,
  letterOf,
  NAME_PART_FIELD,
  NAME_PARTS,
  nameSpell,
  normalizeContactContent,
} from '@phonecloud/shared';
import { bodyJsonOf, contentHash, displayNameOf } from '../doc.js';
import { cutBetweenCards, type RawCard, splitCards } from './lines.js';
import {
  type JCard,
  parsePlainCards,
  type ReadCard,
  readCard,
  readCardLeniently,
  readJCard,
  uidKey,
} from './read.js';

/**
 * A card read, fitted to the rules and checked, with what its row needs that does not depend on
 * the book: the part of an import that is pure computation, so it can run on worker threads.
 * Worker threads hand these back by structured clone, so the shape is kept small: what most
 * cards lack (warnings, a photo) is left out rather than sent empty.
 */
export type PreparedCard =
  | {
      index: number;
      ok: true;
      /** Texts for the report, in the card's order (the caller puts where they came from first). */
      warnings?: string[];
      /** The contact's name, for the report. */
      name: string;
      /** The card's UID, kept so an export names the contact as its source did. */
      uid?: string;
      /** The body's JSON without an avatar (`bodyJsonOf(content, [])`): most rows take it as is. */
      body: string;
      hash: string;
      spell: string;
      letter: string;
      groups: string[];
      /** JSON array of `groups`, the row's column. */
      groupsJson: string;
      photo?: Uint8Array;
    }
  | { index: number; ok: false; warnings?: string[]; name: string; reason: string }
  /** A group card: it becomes a group of the book (its members join it as they are read). */
  | { index: number; ok: 'group'; name: string; warnings?: string[] };

export type ReadyCard = Extract<PreparedCard, { ok: true }>;

/** Group names by member UID (`uidKey`), from a file's group cards. */
export type MemberGroups = Record<string, string[]>;

const GROUP_KIND = /^(?:[\w-]+\.)?(?:KIND|X-ADDRESSBOOKSERVER-KIND):\s*group\s*$/im;

/**
 * The group cards of a file's text, read ahead of its other cards so that a member read before
 * its group still joins it. Most files have none and cost one search.
 */
export function memberGroupsOf(text: string): MemberGroups {
  const out: MemberGroups = {};
  if (!GROUP_KIND.test(text)) return out;
  for (const card of splitCards(text)) {
    if (!card.lines.some((l) => GROUP_KIND.test(l))) continue;
    let read: ReadCard;
    try {
      read = readCardLeniently(card);
    } catch {
      continue;
    }
    const name = groupNameOf(read);
    if (!name) continue;
    for (const uid of read.members ?? []) out[uid] = [...(out[uid] ?? []), name];
  }
  return out;
}

/** A group card's name, cut to the group limit as any imported group name is. */
const groupNameOf = (read: ReadCard) => cut(read.content.name[0]?.display_name.trim() ?? '', GROUP_NAME_MAX);

/**
 * Cuts a trimmed text to `max`, trimmed again: what normalizeContactContent would make of the
 * cut, so that fitRules answers content it leaves unchanged.
 */
const cut = (s: string, max: number) => (s.length > max ? s.slice(0, max).trimEnd() : s);

/** What stands in for a missing name, in order: a nickname, the company, a phone, an e-mail, an IM, an address. */
function standInName(c: ContactContent): string {
  return (
    c.nickname[0]?.name ||
    c.organization.find((o) => o.company)?.company ||
    c.phone[0]?.number ||
    c.email[0]?.address ||
    c.im[0]?.address ||
    c['postal-address'][0]?.formatted_address ||
    ''
  );
}

/**
 * Makes what a card held fit the rules of spec §5 where it can: overlong texts are cut (saying
 * which field), phone numbers lose characters a phone may store but the portal does not (pauses;
 * letters stay, as the card wrote them), and entries that cannot be fixed (bad e-mail, website
 * or date, or one whose cut would be wrong) are dropped with a warning. What it answers is
 * normalised (normalizeContactContent would answer it unchanged), for checkContactContent.
 */
export function fitRules(input: ContactContent, warn: (text: string) => void): ContactContent {
  const c = normalizeContactContent(input);
  fillName(c);
  const fit = (value: string, field: ContactField, max = CONTACT_FIELD_MAX) => {
    if (value.length <= max) return value;
    warn(ImportText.fieldCut(field, max));
    return cut(value, max);
  };
  for (const n of c.name) {
    n.display_name = fit(n.display_name, 'name');
    n.given_name = fit(n.given_name, 'name');
    n.phonetic_family_name = fit(n.phonetic_family_name, 'phonetic');
    for (const part of NAME_PARTS) {
      const value = n[part];
      if (value !== undefined) n[part] = fit(value, NAME_PART_FIELD[part]);
    }
  }
  for (const o of c.organization) {
    o.company = fit(o.company, 'company');
    o.title = fit(o.title, 'title');
  }
  c.phone = keepPhones(c.phone, warn);
  c.email = keepEmails(c.email, warn);
  for (const i of c.im) {
    i.address = fit(i.address, 'im');
    i.custom_protocol = fit(i.custom_protocol, 'customProtocol');
  }
  for (const a of c['postal-address']) {
    // The limit is per part: each is cut on its own, and a text joined from parts follows them.
    if (isStructuredAddress(a)) {
      for (const p of ADDRESS_PARTS) a[p] = fit(a[p], ADDRESS_PART_FIELD[p]);
      a.formatted_address = addressText(a);
    } else {
      a.formatted_address = fit(a.formatted_address, 'address');
      a.street = fit(a.street, 'address');
    }
  }
  c.event = c.event.filter((e) => {
    const check = checkEventDate(e.start_date, e.lunar_or_solar);
    if (!check.ok) warn(ImportText.dateBad(e.start_date));
    return check.ok;
  });
  for (const n of c.note) {
    if (n.note.length > CONTACT_NOTE_MAX) warn(ImportText.noteCut(CONTACT_NOTE_MAX));
    n.note = cut(n.note, CONTACT_NOTE_MAX);
  }
  for (const n of c.nickname) n.name = fit(n.name, 'nickname');
  c.website = keepWebsites(c.website, warn);
  c.group = fitGroups(c.group, warn);
  return c;
}

/** A stand-in for a missing display name (standInName), when the card has one. */
function fillName(c: ContactContent): void {
  if (!c.name[0]?.display_name) {
    const name = standInName(c);
    if (name) {
      if (c.name[0]) c.name[0].display_name = name;
      else c.name.push({ is_primary: 1, display_name: name, given_name: '', phonetic_family_name: '' });
    }
  }
}

/** Numbers without characters the portal does not store; one left empty or too long is dropped. */
function keepPhones(list: ContactContent['phone'], warn: (text: string) => void): ContactContent['phone'] {
  return list.filter((p) => {
    p.number = p.number.replace(/[^0-9A-Za-z()+\-.*# ]/g, '').trim();
    if (!p.number) {
      warn(ImportText.phoneUnreadable);
      return false;
    }
    if (p.number.length > CONTACT_FIELD_MAX) {
      warn(ImportText.fieldTooLong('phone', p.number, CONTACT_FIELD_MAX));
      return false;
    }
    return true;
  });
}

/** E-mail addresses that are valid and short enough. */
function keepEmails(list: ContactContent['email'], warn: (text: string) => void): ContactContent['email'] {
  return list.filter((e) => {
    if (e.address.length > CONTACT_FIELD_MAX) {
      warn(ImportText.fieldTooLong('email', e.address, CONTACT_FIELD_MAX));
      return false;
    }
    const ok = isValidContactEmail(e.address);
    if (!ok) warn(ImportText.emailBad(e.address));
    return ok;
  });
}

/** Websites that are valid and short enough. */
function keepWebsites(
  list: ContactContent['website'],
  warn: (text: string) => void,
): ContactContent['website'] {
  return list.filter((w) => {
    if (w.url.length > CONTACT_FIELD_MAX) {
      warn(ImportText.fieldTooLong('website', w.url, CONTACT_FIELD_MAX));
      return false;
    }
    const ok = isValidWebsite(w.url);
    if (!ok) warn(ImportText.websiteBad(w.url));
    return ok;
  });
}

/** Group titles cut to the limit; titles cut to the same text keep the first. */
function fitGroups(groups: ContactContent['group'], warn: (text: string) => void): ContactContent['group'] {
  let groupCut = false;
  for (const g of groups) {
    if (g.groupTitle.length > GROUP_NAME_MAX) {
      const full = g.groupTitle;
      g.groupTitle = cut(g.groupTitle, GROUP_NAME_MAX);
      warn(ImportText.groupCut(full, GROUP_NAME_MAX, g.groupTitle));
      groupCut = true;
    }
  }
  // Titles cut to the same text: the first stays, as normalising keeps it.
  if (!groupCut) return groups;
  const seen = new Set<string>();
  return groups.filter((g) => !seen.has(g.groupTitle) && Boolean(seen.add(g.groupTitle)));
}

/** The card's name for a report, read from its raw lines when ical.js could not. */
function rawName(card: RawCard): string {
  const fn = card.lines.find((l) => /^FN[;:]/i.test(l));
  const value = fn?.slice(fn.indexOf(':') + 1) ?? '';
  return /QUOTED-PRINTABLE/i.test(fn ?? '') ? '' : value.slice(0, CONTACT_FIELD_MAX);
}

const NO_ATTACHMENT: readonly ContactAttachment[] = [];

/**
 * Cards per pass of ical.js over a piece: a pass's parsed cards stay alive until the last is
 * read, and a whole piece's worth survived every young-generation collection meanwhile.
 */
const PASS = 25;

/**
 * The cards of a piece of a file, read and checked each on its own: a bad one is answered as a
 * failure, not thrown. Indexes count from the piece's first card.
 */
export function preparePiece(text: string, groups: MemberGroups = {}): PreparedCard[] {
  const out: PreparedCard[] = [];
  for (const pass of cutBetweenCards(text, PASS)) {
    const before = out.length;
    for (const card of preparePass(pass, groups)) {
      card.index += before;
      out.push(card);
    }
  }
  return out;
}

/** `preparePiece` of a few cards: in one ical.js pass when they allow it, else card by card. */
function preparePass(text: string, groups: MemberGroups): PreparedCard[] {
  const cards = parsePlainCards(text);
  if (!cards) return prepareCards(splitCards(text), groups);
  const out: PreparedCard[] = new Array(cards.length);
  for (let i = 0; i < cards.length; i++) {
    let read: ReadCard;
    try {
      read = readJCard(cards[i] as JCard);
    } catch {
      // Its own way reports it as split and read alone.
      return prepareCards(splitCards(text), groups);
    }
    out[i] = prepareRead(i + 1, read, groups);
  }
  return out;
}

/** Reads and checks each card on its own: a bad one is answered as a failure, not thrown. */
export function prepareCards(cards: readonly RawCard[], groups: MemberGroups = {}): PreparedCard[] {
  return cards.map((card): PreparedCard => {
    let read: ReadCard;
    try {
      read = card.broken ? readCardLeniently(card) : readCard(card);
    } catch {
      try {
        // One unreadable line never costs the whole card.
        read = readCardLeniently(card);
      } catch {
        return failure(card.index, [], ContactMsg.IMPORT_CARD_BROKEN, rawName(card));
      }
    }
    return prepareRead(card.index, read, groups);
  });
}

function failure(index: number, warnings: string[], reason: string, name: string): PreparedCard {
  return { index, ok: false, ...(warnings.length > 0 ? { warnings } : {}), name, reason };
}

/** A card read: fitted to the rules, checked, and what its row needs computed. */
function prepareRead(index: number, read: ReadCard, memberGroups: MemberGroups): PreparedCard {
  if (read.members) {
    const name = groupNameOf(read);
    const full = read.content.name[0]?.display_name.trim() ?? '';
    if (name && name !== full)
      return { index, ok: 'group', name, warnings: [ImportText.groupCut(full, GROUP_NAME_MAX, name)] };
    if (name) return { index, ok: 'group', name };
  }
  const joins = read.uid ? memberGroups[uidKey(read.uid)] : undefined;
  if (joins) for (const groupTitle of joins) read.content.group.push({ groupTitle });
  const warnings = [...read.warnings];
  // fitRules answers normalised content: it is checked without being normalised a second time.
  const checked = checkContactContent(
    fitRules(read.content, (w) => warnings.push(w)),
    { phoneLetters: true },
  );
  if (!checked.ok) {
    const reason =
      checked.message === ContactMsg.NAME_REQUIRED ? ContactMsg.IMPORT_CARD_NO_NAME : checked.message;
    return failure(
      index,
      warnings,
      reason,
      (read.content.name[0]?.display_name ?? '').slice(0, CONTACT_FIELD_MAX),
    );
  }
  const content = checked.content;
  const name = displayNameOf(content);
  const spell = nameSpell(name);
  const groups = content.group.map((g) => g.groupTitle);
  const prepared: ReadyCard = {
    index,
    ok: true,
    name,
    body: bodyJsonOf(JSON.stringify(content), NO_ATTACHMENT),
    hash: contentHash(content),
    spell,
    letter: letterOf(name, spell),
    groups,
    groupsJson: groups.length === 0 ? '[]' : JSON.stringify(groups),
  };
  if (warnings.length > 0) prepared.warnings = warnings;
  if (read.photo) prepared.photo = read.photo;
  // Longer ones are not identifiers any software would match on.
  if (read.uid && read.uid.length <= 255) prepared.uid = read.uid;
  return prepared;
}
