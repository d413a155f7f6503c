import {
  ADDRESS_PART_FIELD,
  ADDRESS_PARTS,
  addressText,
  emptyAddressParts,
  isStructuredAddress,
} from './address.js';
import { checkEventDate } from './dates.js';
import { CONTACT_EMAIL_LOCAL_MAX, CONTACT_FIELD_MAX, CONTACT_NOTE_MAX, GROUP_NAME_MAX } from './limits.js';
import { type ContactField, ContactMsg, fieldTooLong, NAME_PART_FIELD } from './messages.js';
import {
  AddressType,
  CalendarKind,
  type ContactContent,
  EmailType,
  EventType,
  ImProtocol,
  ImType,
  NAME_PARTS,
  type NameEntry,
  NicknameType,
  OrganizationType,
  PhoneType,
  TYPE_CODES,
  WebsiteType,
} from './types.js';

type Loose = Record<string, unknown>;

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const trimmed = (v: unknown): string => text(v).trim();
function int(v: unknown, fallback: number): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isInteger(n) ? n : fallback;
}
const flag = (v: unknown): number => (int(v, 0) === 1 ? 1 : 0);
/** A type code: absent takes the kind's default, unknown ones become the kind's custom code. */
function code(v: unknown, allowed: readonly number[], fallback: number, custom: number): number {
  const n = int(v, fallback);
  return allowed.includes(n) ? n : custom;
}
function rows(v: unknown): Loose[] {
  if (!Array.isArray(v)) return [];
  return v.filter((e): e is Loose => typeof e === 'object' && e !== null && !Array.isArray(e));
}

export function emptyContent(): ContactContent {
  return {
    name: [],
    organization: [],
    phone: [],
    email: [],
    im: [],
    'postal-address': [],
    event: [],
    note: [],
    nickname: [],
    website: [],
    group: [],
  };
}

/**
 * The stored shape of any input: every array present, every entry with all its fields, strings
 * trimmed, empty entries stripped, an organization dropped only when company and title are both
 * empty, spaces removed from phonetic names, group titles unique. It does not judge validity:
 * `validateContactContent` does, on what this answers.
 */
export function normalizeContactContent(input: unknown): ContactContent {
  const c: Loose = typeof input === 'object' && input !== null ? (input as Loose) : {};
  // One function per kind: an import normalises every card, and V8's optimising compiler took
  // a large fraction of a second for one function doing every kind.
  return {
    name: names(c.name),
    organization: organizations(c.organization),
    phone: phones(c.phone),
    email: emails(c.email),
    im: ims(c.im),
    'postal-address': addresses(c['postal-address']),
    event: events(c.event),
    note: notes(c.note),
    nickname: nicknames(c.nickname),
    website: websites(c.website),
    group: groups(c.group),
  };
}

function names(v: unknown): ContactContent['name'] {
  const out: ContactContent['name'] = [];
  for (const e of rows(v)) {
    const given = trimmed(e.given_name);
    const entry: NameEntry = {
      is_primary: flag(e.is_primary),
      display_name: trimmed(e.display_name) || given,
      given_name: given,
      phonetic_family_name: text(e.phonetic_family_name).replace(/\s+/g, ''),
    };
    // The structured parts only where given: a name without them keeps the spec's four fields.
    for (const part of NAME_PARTS) {
      const value = trimmed(e[part]);
      if (value) entry[part] = value;
    }
    if (entry.display_name || entry.phonetic_family_name) out.push(entry);
  }
  // One name is the primary one; phones and vCards carry the first as such.
  const firstName = out[0];
  if (firstName && !out.some((n) => n.is_primary === 1)) firstName.is_primary = 1;
  return out;
}

function organizations(v: unknown): ContactContent['organization'] {
  const out: ContactContent['organization'] = [];
  for (const e of rows(v)) {
    const entry = {
      is_primary: flag(e.is_primary),
      company: trimmed(e.company),
      type: code(e.type, TYPE_CODES.organization, OrganizationType.WORK, OrganizationType.CUSTOM),
      title: trimmed(e.title),
    };
    if (entry.company || entry.title) out.push(entry);
  }
  return out;
}

function phones(v: unknown): ContactContent['phone'] {
  const out: ContactContent['phone'] = [];
  for (const e of rows(v)) {
    const entry = {
      is_primary: flag(e.is_primary),
      number: trimmed(e.number),
      type: code(e.type, TYPE_CODES.phone, PhoneType.MOBILE, PhoneType.CUSTOM),
    };
    if (entry.number) out.push(entry);
  }
  return out;
}

function emails(v: unknown): ContactContent['email'] {
  const out: ContactContent['email'] = [];
  for (const e of rows(v)) {
    const entry = {
      is_primary: flag(e.is_primary),
      address: trimmed(e.address),
      type: code(e.type, TYPE_CODES.email, EmailType.PERSONAL, EmailType.CUSTOM),
    };
    if (entry.address) out.push(entry);
  }
  return out;
}

function ims(v: unknown): ContactContent['im'] {
  const out: ContactContent['im'] = [];
  for (const e of rows(v)) {
    // QQ when absent: it is what Chinese phones hold most often.
    const protocol = code(e.protocol, TYPE_CODES.imProtocol, ImProtocol.QQ, ImProtocol.CUSTOM);
    const entry = {
      protocol,
      custom_protocol: protocol === ImProtocol.CUSTOM ? trimmed(e.custom_protocol) : '',
      address: trimmed(e.address),
      type: code(e.type, TYPE_CODES.im, ImType.OTHER, ImType.CUSTOM),
    };
    if (entry.address) out.push(entry);
  }
  return out;
}

function addresses(v: unknown): ContactContent['postal-address'] {
  const out: ContactContent['postal-address'] = [];
  for (const e of rows(v)) {
    const parts = emptyAddressParts();
    for (const p of ADDRESS_PARTS) parts[p] = trimmed(e[p]);
    const formatted = trimmed(e.formatted_address);
    // With parts besides the street, the text is theirs; an address of one text only keeps it,
    // either field standing in for a missing other.
    const structured = isStructuredAddress(parts);
    const entry = {
      is_primary: flag(e.is_primary),
      formatted_address: structured ? addressText(parts) : formatted || parts.street,
      street: structured ? parts.street : parts.street || formatted,
      po_box: parts.po_box,
      extended: parts.extended,
      city: parts.city,
      region: parts.region,
      postcode: parts.postcode,
      country: parts.country,
      type: code(e.type, TYPE_CODES.address, AddressType.HOME, AddressType.CUSTOM),
    };
    if (entry.formatted_address) out.push(entry);
  }
  return out;
}

function events(v: unknown): ContactContent['event'] {
  const out: ContactContent['event'] = [];
  for (const e of rows(v)) {
    const entry = {
      is_primary: flag(e.is_primary),
      start_date: trimmed(e.start_date),
      lunar_or_solar: flag(e.lunar_or_solar) === 1 ? CalendarKind.LUNAR : CalendarKind.SOLAR,
      type: code(e.type, TYPE_CODES.event, EventType.BIRTHDAY, EventType.CUSTOM),
    };
    if (entry.start_date) out.push(entry);
  }
  return out;
}

function notes(v: unknown): ContactContent['note'] {
  const out: ContactContent['note'] = [];
  for (const e of rows(v)) {
    const note = trimmed(e.note);
    if (note) out.push({ note });
  }
  return out;
}

function nicknames(v: unknown): ContactContent['nickname'] {
  const out: ContactContent['nickname'] = [];
  for (const e of rows(v)) {
    const entry = {
      name: trimmed(e.name),
      type: code(e.type, TYPE_CODES.nickname, NicknameType.DEFAULT, NicknameType.CUSTOM),
    };
    if (entry.name) out.push(entry);
  }
  return out;
}

function websites(v: unknown): ContactContent['website'] {
  const out: ContactContent['website'] = [];
  for (const e of rows(v)) {
    const entry = {
      url: trimmed(e.url),
      type: code(e.type, TYPE_CODES.website, WebsiteType.HOMEPAGE, WebsiteType.CUSTOM),
    };
    if (entry.url) out.push(entry);
  }
  return out;
}

function groups(v: unknown): ContactContent['group'] {
  const out: ContactContent['group'] = [];
  const seen = new Set<string>();
  for (const e of rows(v)) {
    const groupTitle = trimmed(e.groupTitle);
    if (groupTitle && !seen.has(groupTitle)) {
      seen.add(groupTitle);
      out.push({ groupTitle });
    }
  }
  return out;
}

const PHONE_RE = /^[0-9()+\-.*# ]+$/;
const EMAIL_RE =
  /^([A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+)@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
// The scheme may be left out ('www.example.com'), as phones store websites; any other scheme fails.
const WEBSITE_RE =
  /^(?:(?:https?|rtsp):\/\/)?(?:localhost|(?:\d{1,3}\.){3}\d{1,3}|(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,})(?::\d{1,5})?(?:[/?#]\S*)?$/iu;

export function isValidContactPhone(value: string): boolean {
  return PHONE_RE.test(value);
}
export function isValidContactEmail(value: string): boolean {
  const m = EMAIL_RE.exec(value);
  return Boolean(m?.[1] && m[1].length <= CONTACT_EMAIL_LOCAL_MAX);
}
export function isValidWebsite(value: string): boolean {
  return WEBSITE_RE.test(value);
}

export type ContactCheck = { ok: true; content: ContactContent } | { ok: false; message: string };

/** Normalises, then checks every rule of spec 001 §5; the first failure's text is the answer. */
export function validateContactContent(input: unknown): ContactCheck {
  return checkContactContent(normalizeContactContent(input));
}

/**
 * `validateContactContent` without the normalising: for content that `normalizeContactContent`
 * would answer unchanged (a caller that has just normalised it). Event dates are put in their
 * stored spelling in place, as there.
 */
export interface ContactCheckOptions {
  /**
   * Letters in phone numbers ('+1-800-MYFAX'), as an imported card wrote them: an import keeps
   * them; the editor (spec §5) still asks for digits when the number is edited.
   */
  phoneLetters?: boolean;
}

const VANITY_PHONE_RE = /^[0-9A-Za-z()+\-.*# ]+$/;

export function checkContactContent(
  content: ContactContent,
  options: ContactCheckOptions = {},
): ContactCheck {
  const fail = (message: string): ContactCheck => ({ ok: false, message });
  const tooLong = (value: string, field: ContactField, max = CONTACT_FIELD_MAX) =>
    value.length > max ? fieldTooLong(field, max) : null;

  if (!content.name[0]?.display_name) return fail(ContactMsg.NAME_REQUIRED);
  for (const n of content.name) {
    const m = tooLong(n.display_name, 'name') ?? tooLong(n.given_name, 'name');
    if (m) return fail(m);
    const p = tooLong(n.phonetic_family_name, 'phonetic');
    if (p) return fail(p);
    for (const part of NAME_PARTS) {
      const m = tooLong(n[part] ?? '', NAME_PART_FIELD[part]);
      if (m) return fail(m);
    }
  }
  for (const o of content.organization) {
    const m = tooLong(o.company, 'company') ?? tooLong(o.title, 'title');
    if (m) return fail(m);
  }
  for (const p of content.phone) {
    const m = tooLong(p.number, 'phone');
    if (m) return fail(m);
    const ok = options.phoneLetters ? VANITY_PHONE_RE.test(p.number) : isValidContactPhone(p.number);
    if (!ok) return fail(ContactMsg.PHONE_CHARS);
  }
  for (const e of content.email) {
    const m = tooLong(e.address, 'email');
    if (m) return fail(m);
    if (!isValidContactEmail(e.address)) return fail(ContactMsg.EMAIL_FORMAT);
  }
  for (const i of content.im) {
    const m = tooLong(i.address, 'im') ?? tooLong(i.custom_protocol, 'customProtocol');
    if (m) return fail(m);
  }
  for (const a of content['postal-address']) {
    // The limit is per part; the text joined from parts may be longer.
    if (!isStructuredAddress(a)) {
      const m = tooLong(a.formatted_address, 'address') ?? tooLong(a.street, 'address');
      if (m) return fail(m);
    }
    for (const p of ADDRESS_PARTS) {
      const m = tooLong(a[p], ADDRESS_PART_FIELD[p]);
      if (m) return fail(m);
    }
  }
  for (const ev of content.event) {
    const check = checkEventDate(ev.start_date, ev.lunar_or_solar);
    if (!check.ok) return fail(check.message);
    ev.start_date = check.date;
  }
  for (const n of content.note) {
    const m = tooLong(n.note, 'note', CONTACT_NOTE_MAX);
    if (m) return fail(m);
  }
  for (const n of content.nickname) {
    const m = tooLong(n.name, 'nickname');
    if (m) return fail(m);
  }
  for (const w of content.website) {
    const m = tooLong(w.url, 'website');
    if (m) return fail(m);
    if (!isValidWebsite(w.url)) return fail(ContactMsg.WEBSITE_FORMAT);
  }
  for (const g of content.group) {
    if (g.groupTitle.length > GROUP_NAME_MAX) return fail(ContactMsg.GROUP_NAME_TOO_LONG);
  }
  return { ok: true, content };
}

/** Checks a group name for add or rename; null when it may be used. */
export function checkGroupName(name: string, existing: readonly string[]): string | null {
  const n = name.trim();
  if (!n) return ContactMsg.GROUP_NAME_EMPTY;
  if (n.length > GROUP_NAME_MAX) return ContactMsg.GROUP_NAME_TOO_LONG;
  if (existing.includes(n)) return ContactMsg.GROUP_NAME_EXISTS;
  return null;
}
