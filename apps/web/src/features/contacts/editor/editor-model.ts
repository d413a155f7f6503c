import {
  ADDRESS_PARTS,
  type AddressParts,
  AVATAR_FID,
  addressText,
  CalendarKind,
  type Contact,
  type ContactAttachment,
  type ContactContent,
  emptyAddressParts,
  emptyContent,
  ImProtocol,
  ImType,
  isStructuredAddress,
  NAME_PARTS,
  type NameEntry,
  type NamePart,
  NicknameType,
  OrganizationType,
} from '@phonecloud/shared';
import {
  ADDRESS_TYPES,
  EMAIL_TYPES,
  EVENT_TYPES,
  nextType,
  PHONE_TYPES,
  WEBSITE_TYPES,
} from '../format/type-labels';
import { T } from '../texts';

/** The sections behind "add more options", in the spec's order (spec 001 §2). */
export const OPTIONAL_SECTIONS = [
  { key: 'phonetic', label: T.phonetic },
  { key: 'im', label: T.im },
  { key: 'address', label: T.address },
  { key: 'event', label: T.event },
  { key: 'note', label: T.note },
  { key: 'nickname', label: T.nickname },
  { key: 'website', label: T.website },
] as const;
export type SectionKey = (typeof OPTIONAL_SECTIONS)[number]['key'];

export interface PhoneRow {
  key: number;
  number: string;
  type: number;
  primary: number;
}
export interface EmailRow {
  key: number;
  address: string;
  type: number;
  primary: number;
}
export interface ImRow {
  key: number;
  address: string;
  protocol: number;
  customProtocol: string;
  type: number;
}
/**
 * An address: one line, as the spec's layout shows it, that opens into its parts. Until it is
 * opened (or while the address has no part besides a street) the line is the address's text;
 * once it has parts, the line shows them joined and the parts are what is edited and saved.
 */
export interface AddressRow {
  key: number;
  text: string;
  /** The parts are the address (the line shows them joined); else the line is. */
  detailed: boolean;
  /** The parts' inputs are on screen. */
  open: boolean;
  parts: AddressParts;
  type: number;
  primary: number;
}

/** Opens or closes an address's parts; opening a one-line address makes its text the street part. */
export function toggleAddressParts(row: AddressRow): Partial<AddressRow> {
  if (row.open) return { open: false };
  if (row.detailed) return { open: true };
  return {
    open: true,
    detailed: true,
    parts: { ...emptyAddressParts(), ...row.parts, street: row.text.trim() },
  };
}

/** The text an address row stands for: its parts joined (Chinese order), or its one line. */
export const addressRowText = (row: AddressRow): string => (row.detailed ? addressText(row.parts) : row.text);
export interface EventRow {
  key: number;
  date: string;
  lunar: number;
  type: number;
  primary: number;
}
export interface NicknameRow {
  key: number;
  name: string;
  type: number;
}
export interface WebsiteRow {
  key: number;
  url: string;
  type: number;
}

/** A structured name's parts as the editor shows them (vCard N with the given name). */
export interface NamePartsForm {
  prefix: string;
  family: string;
  given: string;
  middle: string;
  suffix: string;
}

/** The parts of a name that has any besides the given name (a card's N); null when it has none. */
export function namePartsOf(name: NameEntry | undefined): NamePartsForm | null {
  if (!name || !NAME_PARTS.some((p) => name[p])) return null;
  return {
    prefix: name.prefix ?? '',
    family: name.family_name ?? '',
    given: name.given_name,
    middle: name.middle_name ?? '',
    suffix: name.suffix ?? '',
  };
}

/** The name entry's fields the parts stand for: given_name, and the others where filled. */
function nameFieldsOf(parts: NamePartsForm): Pick<NameEntry, 'given_name' | NamePart> {
  const out: Pick<NameEntry, 'given_name' | NamePart> = { given_name: parts.given };
  if (parts.family.trim()) out.family_name = parts.family;
  if (parts.middle.trim()) out.middle_name = parts.middle;
  if (parts.prefix.trim()) out.prefix = parts.prefix;
  if (parts.suffix.trim()) out.suffix = parts.suffix;
  return out;
}

/** What the editor holds while the user types. */
export interface EditorForm {
  name: string;
  /** The name's parts, shown and saved as they are, when the contact has them. */
  nameParts: NamePartsForm | null;
  phonetic: string;
  company: string;
  title: string;
  phones: PhoneRow[];
  emails: EmailRow[];
  ims: ImRow[];
  addresses: AddressRow[];
  events: EventRow[];
  nicknames: NicknameRow[];
  websites: WebsiteRow[];
  note: string;
  groups: string[];
  /** cloud_path of the avatar, or null. */
  avatar: string | null;
  /** Optional sections on screen. */
  open: SectionKey[];
}

export type RowListKey = 'phones' | 'emails' | 'ims' | 'addresses' | 'events' | 'nicknames' | 'websites';
export type RowOf<K extends RowListKey> = EditorForm[K][number];

let lastKey = 0;
const newKey = () => ++lastKey;

/** The text of a row that decides whether it is filled (an empty row is not saved). */
export function rowText<K extends RowListKey>(list: K, row: RowOf<K>): string {
  switch (list) {
    case 'phones':
      return (row as PhoneRow).number;
    case 'emails':
      return (row as EmailRow).address;
    case 'ims':
      return (row as ImRow).address;
    case 'addresses':
      return addressRowText(row as AddressRow);
    case 'events':
      return (row as EventRow).date;
    case 'nicknames':
      return (row as NicknameRow).name;
    default:
      return (row as WebsiteRow).url;
  }
}

/**
 * An empty row for a list: phones start as mobile (2) and e-mails as personal (1), and each
 * further row takes the first type no row has yet (spec 001 §5).
 */
export function emptyRow<K extends RowListKey>(list: K, rows: readonly RowOf<K>[]): RowOf<K> {
  const used = rows.map((r) => ('type' in r ? r.type : -1));
  const key = newKey();
  const rowsByList: { [L in RowListKey]: () => RowOf<L> } = {
    phones: () => ({ key, number: '', type: nextType(PHONE_TYPES, used), primary: 0 }),
    emails: () => ({ key, address: '', type: nextType(EMAIL_TYPES, used), primary: 0 }),
    ims: () => ({ key, address: '', protocol: ImProtocol.QQ, customProtocol: '', type: ImType.OTHER }),
    addresses: () => ({
      key,
      text: '',
      detailed: false,
      open: false,
      parts: emptyAddressParts(),
      type: nextType(ADDRESS_TYPES, used),
      primary: 0,
    }),
    events: () => ({
      key,
      date: '',
      lunar: CalendarKind.SOLAR,
      type: nextType(EVENT_TYPES, used),
      primary: 0,
    }),
    nicknames: () => ({ key, name: '', type: NicknameType.DEFAULT }),
    websites: () => ({ key, url: '', type: nextType(WEBSITE_TYPES, used) }),
  };
  return rowsByList[list]() as RowOf<K>;
}

/**
 * A row changed: when it is the last one and now holds text, an empty row appears under it, so
 * there is always a place to type the next entry.
 */
export function changeRow<K extends RowListKey>(
  list: K,
  rows: readonly RowOf<K>[],
  key: number,
  patch: Partial<RowOf<K>>,
): RowOf<K>[] {
  const next = rows.map((r) => (r.key === key ? ({ ...r, ...patch } as RowOf<K>) : r));
  const last = next[next.length - 1];
  if (last && last.key === key && rowText(list, last).trim() !== '') next.push(emptyRow(list, next));
  return next;
}

/** Which list each optional section edits (phonetic and note are single fields). */
export const SECTION_LIST: Partial<Record<SectionKey, RowListKey>> = {
  im: 'ims',
  address: 'addresses',
  event: 'events',
  nickname: 'nicknames',
  website: 'websites',
};

/** The form of a contact (null: a new one). Filled optional sections are open from the start. */
export function formOf(contact: Contact | null): EditorForm {
  const c = contact?.content ?? emptyContent();
  const name = c.name[0];
  const org = c.organization[0];
  const form: EditorForm = {
    name: name?.display_name ?? '',
    nameParts: namePartsOf(name),
    phonetic: name?.phonetic_family_name ?? '',
    company: org?.company ?? '',
    title: org?.title ?? '',
    phones: c.phone.map((p) => ({ key: newKey(), number: p.number, type: p.type, primary: p.is_primary })),
    emails: c.email.map((e) => ({ key: newKey(), address: e.address, type: e.type, primary: e.is_primary })),
    ims: c.im.map((m) => ({
      key: newKey(),
      address: m.address,
      protocol: m.protocol,
      customProtocol: m.custom_protocol,
      type: m.type,
    })),
    addresses: c['postal-address'].map((a) => {
      const parts = emptyAddressParts();
      for (const p of ADDRESS_PARTS) parts[p] = a[p] ?? '';
      return {
        key: newKey(),
        text: a.formatted_address,
        detailed: isStructuredAddress(parts),
        open: false,
        parts,
        type: a.type,
        primary: a.is_primary,
      };
    }),
    events: c.event.map((e) => ({
      key: newKey(),
      date: e.start_date,
      lunar: e.lunar_or_solar,
      type: e.type,
      primary: e.is_primary,
    })),
    nicknames: c.nickname.map((n) => ({ key: newKey(), name: n.name, type: n.type })),
    websites: c.website.map((w) => ({ key: newKey(), url: w.url, type: w.type })),
    note: c.note[0]?.note ?? '',
    groups: c.group.map((g) => g.groupTitle),
    avatar: contact?.attachment[0]?.cloud_path ?? null,
    open: [],
  };
  // Phones and e-mails always show one free row to type into.
  form.phones.push(emptyRow('phones', form.phones));
  form.emails.push(emptyRow('emails', form.emails));
  const filled: Record<SectionKey, boolean> = {
    phonetic: form.phonetic !== '',
    im: form.ims.length > 0,
    address: form.addresses.length > 0,
    event: form.events.length > 0,
    note: form.note !== '',
    nickname: form.nicknames.length > 0,
    website: form.websites.length > 0,
  };
  for (const { key } of OPTIONAL_SECTIONS) {
    if (!filled[key]) continue;
    form.open.push(key);
    const list = SECTION_LIST[key];
    if (list) openList(form, list);
  }
  return form;
}

function openList(form: EditorForm, list: RowListKey): void {
  const rows = form[list] as RowOf<typeof list>[];
  rows.push(emptyRow(list, rows));
}

/** Opens an optional section from the menu, with one empty row. */
export function openSection(form: EditorForm, key: SectionKey): EditorForm {
  if (form.open.includes(key)) return form;
  const next: EditorForm = { ...form, open: [...form.open, key] };
  const list = SECTION_LIST[key];
  if (list) next[list] = [emptyRow(list, [])] as never;
  return next;
}

/** Removes a row with its delete icon; an optional section left without rows closes. */
export function removeRow(form: EditorForm, list: RowListKey, key: number): EditorForm {
  const rows = (form[list] as RowOf<typeof list>[]).filter((r) => r.key !== key);
  const section = (Object.keys(SECTION_LIST) as SectionKey[]).find((s) => SECTION_LIST[s] === list);
  if (rows.length === 0) {
    if (section) return { ...form, [list]: [], open: form.open.filter((s) => s !== section) };
    return { ...form, [list]: [emptyRow(list, [])] };
  }
  return { ...form, [list]: rows };
}

/** Closes a single-field optional section (phonetic name, note) and clears it. */
export function closeSection(form: EditorForm, key: 'phonetic' | 'note'): EditorForm {
  return { ...form, [key]: '', open: form.open.filter((s) => s !== key) };
}

const filled = <K extends RowListKey>(list: K, rows: readonly RowOf<K>[]) =>
  rows.filter((r) => rowText(list, r).trim() !== '');

/**
 * The content arrays to save. What the editor does not show (other names, the organisation's
 * type, further notes) is kept from the contact as it was.
 */
export function contentOf(form: EditorForm, original: Contact | null): ContactContent {
  const was = original?.content ?? emptyContent();
  const wasName = was.name[0];
  const nameChanged = !wasName || wasName.display_name !== form.name.trim();
  const open = (k: SectionKey) => form.open.includes(k);
  const content: ContactContent = {
    ...emptyContent(),
    name: [
      {
        is_primary: 1,
        display_name: form.name,
        given_name: nameChanged ? form.name : (wasName?.given_name ?? form.name),
        phonetic_family_name: open('phonetic') ? form.phonetic : '',
        // A name shown in parts is saved as its parts say (a card's N is written from them).
        ...(form.nameParts ? nameFieldsOf(form.nameParts) : {}),
      },
      ...was.name.slice(1),
    ],
    organization: organizationOf(form, was),
    phone: filled('phones', form.phones).map((p) => ({
      is_primary: p.primary,
      number: p.number,
      type: p.type,
    })),
    email: filled('emails', form.emails).map((e) => ({
      is_primary: e.primary,
      address: e.address,
      type: e.type,
    })),
    im: open('im')
      ? filled('ims', form.ims).map((m) => ({
          protocol: m.protocol,
          custom_protocol: m.protocol === ImProtocol.CUSTOM ? m.customProtocol : '',
          address: m.address,
          type: m.type,
        }))
      : [],
    'postal-address': open('address') ? addressesOf(form) : [],
    event: open('event')
      ? filled('events', form.events).map((e) => ({
          is_primary: e.primary,
          start_date: e.date,
          lunar_or_solar: e.lunar,
          type: e.type,
        }))
      : [],
    note: open('note') && form.note.trim() ? [{ note: form.note }, ...was.note.slice(1)] : [],
    nickname: open('nickname')
      ? filled('nicknames', form.nicknames).map((n) => ({ name: n.name, type: n.type }))
      : [],
    website: open('website')
      ? filled('websites', form.websites).map((w) => ({ url: w.url, type: w.type }))
      : [],
    group: form.groups.map((groupTitle) => ({ groupTitle })),
  };
  return content;
}

/** The first organisation as edited (its type kept), then the contact's others. */
function organizationOf(form: EditorForm, was: ContactContent): ContactContent['organization'] {
  return form.company.trim() || form.title.trim()
    ? [
        {
          is_primary: 1,
          company: form.company,
          title: form.title,
          type: was.organization[0]?.type ?? OrganizationType.WORK,
        },
        ...was.organization.slice(1),
      ]
    : was.organization.slice(1);
}

/** Addresses in parts, or as one text kept as the street. */
function addressesOf(form: EditorForm): ContactContent['postal-address'] {
  return filled('addresses', form.addresses).map((a) =>
    a.detailed
      ? // The text follows from the parts (normalising joins them).
        { is_primary: a.primary, formatted_address: addressText(a.parts), ...a.parts, type: a.type }
      : {
          is_primary: a.primary,
          formatted_address: a.text,
          ...emptyAddressParts(),
          street: a.text,
          type: a.type,
        },
  );
}

export function attachmentOf(form: EditorForm): ContactAttachment[] {
  return form.avatar ? [{ fid: AVATAR_FID, cloud_path: form.avatar }] : [];
}
