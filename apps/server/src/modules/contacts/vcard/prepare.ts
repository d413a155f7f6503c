import {
  CONTACT_FIELD_MAX,
  CONTACT_NOTE_MAX,
  type ContactAttachment,
  type ContactContent,
  ContactMsg,
  checkContactContent,
  checkEventDate,
  GROUP_NAME_MAX,
  ImportText,
  isValidContactEmail,
  isValidWebsite,
  letterOf,
  nameSpell,
  normalizeContactContent,
} from '@phonecloud/shared';
import { bodyJsonOf, contentHash, displayNameOf } from '../doc.js';
import { cutBetweenCards, type RawCard, splitCards } from './lines.js';
import { type JCard, parsePlainCards, type ReadCard, readCard, readJCard } from './read.js';

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
  | { index: number; ok: false; warnings?: string[]; name: string; reason: string };

/**
 * Cuts a trimmed text to `max`, trimmed again: what normalizeContactContent would make of the
 * cut, so that fitRules answers content it leaves unchanged.
 */
const cut = (s: string, max: number) => (s.length > max ? s.slice(0, max).trimEnd() : s);

/**
 * Makes what a card held fit the rules of spec §5 where it can: overlong texts are cut, phone
 * numbers lose characters a phone may store but the portal does not (pauses, letters), and
 * entries that cannot be fixed (bad e-mail, website or date) are dropped with a warning. What it
 * answers is normalised (normalizeContactContent would answer it unchanged), for
 * checkContactContent.
 */
export function fitRules(input: ContactContent, warn: (text: string) => void): ContactContent {
  const c = normalizeContactContent(input);
  const name = c.name[0];
  if (name && !name.display_name) {
    name.display_name =
      c.nickname[0]?.name || c.organization[0]?.company || c.phone[0]?.number || c.email[0]?.address || '';
  }
  for (const n of c.name) {
    n.display_name = cut(n.display_name, CONTACT_FIELD_MAX);
    n.given_name = cut(n.given_name, CONTACT_FIELD_MAX);
    n.phonetic_family_name = cut(n.phonetic_family_name, CONTACT_FIELD_MAX);
  }
  for (const o of c.organization) {
    o.company = cut(o.company, CONTACT_FIELD_MAX);
    o.title = cut(o.title, CONTACT_FIELD_MAX);
  }
  c.phone = c.phone.filter((p) => {
    p.number = cut(p.number.replace(/[^0-9()+\-.*# ]/g, '').trim(), CONTACT_FIELD_MAX);
    if (!p.number) warn(ImportText.phoneUnreadable);
    return Boolean(p.number);
  });
  c.email = c.email.filter((e) => {
    const ok = e.address.length <= CONTACT_FIELD_MAX && isValidContactEmail(e.address);
    if (!ok) warn(ImportText.emailBad(e.address));
    return ok;
  });
  for (const i of c.im) {
    i.address = cut(i.address, CONTACT_FIELD_MAX);
    i.custom_protocol = cut(i.custom_protocol, CONTACT_FIELD_MAX);
  }
  for (const a of c['postal-address']) {
    a.formatted_address = cut(a.formatted_address, CONTACT_FIELD_MAX);
    a.street = cut(a.street, CONTACT_FIELD_MAX);
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
  for (const n of c.nickname) n.name = cut(n.name, CONTACT_FIELD_MAX);
  c.website = c.website.filter((w) => {
    const ok = w.url.length <= CONTACT_FIELD_MAX && isValidWebsite(w.url);
    if (!ok) warn(ImportText.websiteBad(w.url));
    return ok;
  });
  let groupCut = false;
  for (const g of c.group) {
    if (g.groupTitle.length > GROUP_NAME_MAX) {
      g.groupTitle = cut(g.groupTitle, GROUP_NAME_MAX);
      groupCut = true;
    }
  }
  // Titles cut to the same text: the first stays, as normalising keeps it.
  if (groupCut) {
    const seen = new Set<string>();
    c.group = c.group.filter((g) => !seen.has(g.groupTitle) && Boolean(seen.add(g.groupTitle)));
  }
  return c;
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
export function preparePiece(text: string): PreparedCard[] {
  const out: PreparedCard[] = [];
  for (const pass of cutBetweenCards(text, PASS)) {
    const before = out.length;
    for (const card of preparePass(pass)) {
      card.index += before;
      out.push(card);
    }
  }
  return out;
}

/** `preparePiece` of a few cards: in one ical.js pass when they allow it, else card by card. */
function preparePass(text: string): PreparedCard[] {
  const cards = parsePlainCards(text);
  if (!cards) return prepareCards(splitCards(text));
  const out: PreparedCard[] = new Array(cards.length);
  for (let i = 0; i < cards.length; i++) {
    let read: ReadCard;
    try {
      read = readJCard(cards[i] as JCard);
    } catch {
      // Its own way reports it as split and read alone.
      return prepareCards(splitCards(text));
    }
    out[i] = prepareRead(i + 1, read);
  }
  return out;
}

/** Reads and checks each card on its own: a bad one is answered as a failure, not thrown. */
export function prepareCards(cards: readonly RawCard[]): PreparedCard[] {
  return cards.map((card): PreparedCard => {
    if (card.broken) return failure(card.index, [], ContactMsg.IMPORT_CARD_BROKEN, rawName(card));
    let read: ReadCard;
    try {
      read = readCard(card);
    } catch {
      return failure(card.index, [], ContactMsg.IMPORT_CARD_BROKEN, rawName(card));
    }
    return prepareRead(card.index, read);
  });
}

function failure(index: number, warnings: string[], reason: string, name: string): PreparedCard {
  return { index, ok: false, ...(warnings.length > 0 ? { warnings } : {}), name, reason };
}

/** A card read: fitted to the rules, checked, and what its row needs computed. */
function prepareRead(index: number, read: ReadCard): PreparedCard {
  const warnings = [...read.warnings];
  // fitRules answers normalised content: it is checked without being normalised a second time.
  const checked = checkContactContent(fitRules(read.content, (w) => warnings.push(w)));
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
  const prepared: PreparedCard = {
    index,
    ok: true,
    body: bodyJsonOf(JSON.stringify(content), NO_ATTACHMENT),
    hash: contentHash(content),
    spell,
    letter: letterOf(name, spell),
    groups,
    groupsJson: groups.length === 0 ? '[]' : JSON.stringify(groups),
  };
  if (warnings.length > 0) prepared.warnings = warnings;
  if (read.photo) prepared.photo = read.photo;
  return prepared;
}
