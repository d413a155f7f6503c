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
  normalizeContactContent,
  OrganizationType,
  PhoneType,
  WebsiteType,
} from '@phonecloud/shared';
import ICAL from 'ical.js';

/**
 * The phone's address book file, `contacts.vcf`: vCard 3.0 cards (ical.js parses and writes
 * them), one per contact, each with a UID that is the card's identity for sync. The cards the
 * phone writes carry each entry's exact type code in `X-CLOUD-TYPE` (as the portal's export
 * does), so a round trip keeps custom and Android-only codes; a card typed in by hand is read
 * from its TYPE values.
 */

type Params = Record<string, string | string[]>;
/** A jCard property: [name, params, value type, ...values]. */
type Prop = [string, Params, string, ...unknown[]];

export interface PhoneCard {
  /** The card's UID; '' when the card has none yet (the phone gives it one when it writes the file). */
  uid: string;
  content: ContactContent;
}

const X_CODE = 'x-cloud-type';
const X_PROTOCOL = 'x-cloud-protocol';
const X_CALENDAR = 'x-calendar';
const ANDROID_EVENT = 'vnd.android.cursor.item/contact_event';

const PHONE_TYPES: Record<number, string> = {
  [PhoneType.HOME]: 'HOME',
  [PhoneType.MOBILE]: 'CELL',
  [PhoneType.WORK]: 'WORK',
  [PhoneType.FAX]: 'FAX',
  [PhoneType.OTHER]: 'OTHER',
  [PhoneType.CUSTOM]: 'VOICE',
};
const EMAIL_TYPES: Record<number, string> = {
  [EmailType.PERSONAL]: 'HOME',
  [EmailType.WORK]: 'WORK',
  [EmailType.CUSTOM]: 'INTERNET',
};
const ADDRESS_TYPES: Record<number, string> = {
  [AddressType.HOME]: 'HOME',
  [AddressType.WORK]: 'WORK',
  [AddressType.OTHER]: 'OTHER',
};
const IM_TYPES: Record<number, string> = {
  [ImType.HOME]: 'HOME',
  [ImType.WORK]: 'WORK',
  [ImType.OTHER]: 'OTHER',
};
const WEBSITE_TYPES: Record<number, string> = {
  [WebsiteType.HOME]: 'HOME',
  [WebsiteType.WORK]: 'WORK',
  [WebsiteType.BLOG]: 'BLOG',
  [WebsiteType.PROFILE]: 'PROFILE',
  [WebsiteType.FTP]: 'FTP',
  [WebsiteType.OTHER]: 'OTHER',
};
/** IMPP schemes by protocol; a custom protocol is written `x-<name>:`. */
const IM_SCHEMES: Record<number, string> = {
  [ImProtocol.AIM]: 'aim',
  [ImProtocol.WINDOWS_LIVE]: 'msnim',
  [ImProtocol.YAHOO]: 'ymsgr',
  [ImProtocol.SKYPE]: 'skype',
  [ImProtocol.QQ]: 'qq',
  [ImProtocol.HANGOUTS]: 'gtalk',
  [ImProtocol.ICQ]: 'icq',
  [ImProtocol.JABBER]: 'xmpp',
};

// ---- writing ----

/** X- and unknown properties are written raw by ical.js: their 3.0 escapes are added here. */
const escapeRaw = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\n/g, '\\n');

function typed(type: string | undefined, primary: number, code: number): Params {
  const types = [...(type ? [type] : []), ...(primary === 1 ? ['PREF'] : [])];
  const params: Params = { [X_CODE]: String(code) };
  if (types.length === 1) params.type = types[0] as string;
  else if (types.length > 1) params.type = types;
  return params;
}

/** The family part N gets from a display name and a given name, when the name has no parts of its own. */
function familyOf(display: string, given: string): string {
  return given && display.endsWith(given) ? display.slice(0, -given.length).trim() : given ? '' : display;
}

/** N's parts that say more than familyOf would write: the name's structured parts. */
function namePartsOf(display: string, n: readonly string[]): Partial<NameEntry> {
  const [family = '', given = '', middle = '', prefix = '', suffix = ''] = n.map((x) => x.trim());
  if (!middle && !prefix && !suffix && family === familyOf(display, given)) return {};
  return { family_name: family, middle_name: middle, prefix, suffix };
}

/** FN, N (whole when the cloud kept its structured parts) and the phonetic name. */
function nameProps(content: ContactContent): Prop[] {
  const name = content.name[0];
  const display = name?.display_name ?? '';
  const given = name?.given_name ?? '';
  // A name with structured parts (a card's N, kept by the cloud) is written back whole.
  const whole =
    name && NAME_PARTS.some((p) => name[p])
      ? [name.family_name ?? '', given, name.middle_name ?? '', name.prefix ?? '', name.suffix ?? '']
      : [familyOf(display, given), given, '', '', ''];
  const props: Prop[] = [
    ['fn', {}, 'text', display],
    ['n', {}, 'text', whole],
  ];
  if (name?.phonetic_family_name) props.push(['sort-string', {}, 'text', name.phonetic_family_name]);
  return props;
}

function imProp(i: ContactContent['im'][number]): Prop {
  const scheme = i.protocol === ImProtocol.CUSTOM ? 'x-custom' : (IM_SCHEMES[i.protocol] ?? 'x-custom');
  const params: Params = { ...typed(IM_TYPES[i.type], 0, i.type), [X_PROTOCOL]: String(i.protocol) };
  if (i.protocol === ImProtocol.CUSTOM && i.custom_protocol) params['x-service-type'] = i.custom_protocol;
  return ['impp', params, 'unknown', escapeRaw(`${scheme}:${i.address}`)];
}

/** ADR and its LABEL, tied by a group. */
function addressProps(a: ContactContent['postal-address'][number], group: string): Prop[] {
  const parts = a as unknown as Record<string, string | undefined>;
  const value = ['po_box', 'extended', 'street', 'city', 'region', 'postcode', 'country'].map(
    (p) => parts[p] ?? '',
  );
  return [
    ['adr', { ...typed(ADDRESS_TYPES[a.type], a.is_primary, a.type), group }, 'text', value],
    ['label', { group }, 'text', a.formatted_address],
  ];
}

/** The first solar birthday with a year as BDAY; every other event in Android's own spelling. */
function eventProps(events: ContactContent['event']): Prop[] {
  const props: Prop[] = [];
  let birthday = false;
  for (const e of events) {
    const params = typed(undefined, e.is_primary, e.type);
    if (
      !birthday &&
      e.type === EventType.BIRTHDAY &&
      e.lunar_or_solar === CalendarKind.SOLAR &&
      /^\d{4}-\d{2}-\d{2}$/.test(e.start_date)
    ) {
      birthday = true;
      props.push(['bday', params, 'date', e.start_date]);
      continue;
    }
    if (e.lunar_or_solar === CalendarKind.LUNAR) params[X_CALENDAR] = 'LUNAR';
    // Android's own spelling of a contact event (any type, lunar dates and dates without a year).
    props.push([
      'x-android-custom',
      params,
      'unknown',
      `${ANDROID_EVENT};${escapeRaw(e.start_date)};${e.type};;;;;;;;;;;;;`,
    ]);
  }
  return props;
}

/** One card (vCard 3.0) of a contact. */
export function writeCard(uid: string, content: ContactContent): string {
  const props: Prop[] = [['version', {}, 'text', '3.0'], ['uid', {}, 'text', uid], ...nameProps(content)];
  let item = 0;
  for (const o of content.organization) {
    const group = `item${++item}`;
    const type = o.type === OrganizationType.OTHER ? 'OTHER' : 'WORK';
    props.push(['org', { ...typed(type, o.is_primary, o.type), group }, 'text', [o.company]]);
    if (o.title) props.push(['title', { group }, 'text', o.title]);
  }
  for (const p of content.phone)
    props.push(['tel', typed(PHONE_TYPES[p.type], p.is_primary, p.type), 'phone-number', p.number]);
  for (const e of content.email)
    props.push(['email', typed(EMAIL_TYPES[e.type], e.is_primary, e.type), 'text', e.address]);
  for (const i of content.im) props.push(imProp(i));
  for (const a of content['postal-address']) props.push(...addressProps(a, `item${++item}`));
  props.push(...eventProps(content.event));
  for (const n of content.note) props.push(['note', {}, 'text', n.note]);
  for (const n of content.nickname)
    props.push([
      'nickname',
      n.type === NicknameType.DEFAULT ? {} : { [X_CODE]: String(n.type) },
      'text',
      n.name,
    ]);
  for (const w of content.website) props.push(['url', typed(WEBSITE_TYPES[w.type], 0, w.type), 'uri', w.url]);
  if (content.group.length > 0)
    props.push(['categories', {}, 'text', ...content.group.map((g) => g.groupTitle)]);
  return ICAL.stringify(['vcard', props, []]);
}

/** The whole file: every card, CRLF line ends as vCard wants. */
export function writeVcf(cards: readonly PhoneCard[]): string {
  return cards.map((c) => `${writeCard(c.uid, c.content)}\r\n`).join('');
}

// ---- reading ----

function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (typeof v === 'number') return [String(v)];
  if (Array.isArray(v)) return v.flatMap(strings);
  return [];
}
/** A property's values (a multi-valued one has several). */
const valuesOf = (p: Prop) => strings(p.slice(3));
const textOf = (p: Prop) => valuesOf(p).join(',');
function partsOf(p: Prop): string[] {
  const v = p[3];
  return Array.isArray(v) ? v.map((x) => strings(x).join(' ')) : strings(v);
}
const typesOf = (p: Prop) =>
  strings(p[1].type)
    .flatMap((t) => t.split(','))
    .map((t) => t.trim().toLowerCase());
const primaryOf = (p: Prop) => (typesOf(p).includes('pref') || strings(p[1].pref).length > 0 ? 1 : 0);
function codeOf(p: Prop): number | null {
  const raw = strings(p[1][X_CODE])[0];
  const n = Number(raw);
  return raw !== undefined && Number.isInteger(n) ? n : null;
}
const groupOf = (p: Prop) => strings(p[1].group)[0]?.toLowerCase() ?? '';
/** ical.js leaves X- properties raw: their 3.0 escapes are read here. */
const unescapeRaw = (s: string) =>
  s.replace(/\\([\\,;nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

/** The code of the first TYPE value found in `table`, else `fallback`. */
function fromTypes(p: Prop, table: Record<number, string>, fallback: number): number {
  const code = codeOf(p);
  if (code !== null) return code;
  const types = typesOf(p);
  for (const [c, name] of Object.entries(table)) if (types.includes(name.toLowerCase())) return Number(c);
  if (types.includes('mobile') || types.includes('iphone')) return PhoneType.MOBILE;
  return fallback;
}

/** 'YYYY-MM-DD' (or '--MM-DD') from the date spellings vCards use. */
function readDate(value: string): string {
  const v = value.trim();
  const noYear = /^--(\d{2})-?(\d{2})/.exec(v);
  if (noYear) return `--${noYear[1]}-${noYear[2]}`;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(v);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : v;
}

/** BDAY, and the events Android writes as X-ANDROID-CUSTOM (lunar ones and any type). */
function readEvents(bdays: readonly Prop[], custom: readonly Prop[]): Record<string, unknown>[] {
  const events: Record<string, unknown>[] = bdays.map((p) => ({
    is_primary: primaryOf(p),
    start_date: readDate(textOf(p)),
    lunar_or_solar: CalendarKind.SOLAR,
    type: codeOf(p) ?? EventType.BIRTHDAY,
  }));
  for (const p of custom) {
    const [kind, date = '', type = ''] = unescapeRaw(textOf(p)).split(';');
    if (kind !== ANDROID_EVENT) continue;
    const lunar = strings(p[1][X_CALENDAR])[0]?.toUpperCase() === 'LUNAR';
    events.push({
      is_primary: primaryOf(p),
      start_date: lunar ? date : readDate(date),
      lunar_or_solar: lunar ? CalendarKind.LUNAR : CalendarKind.SOLAR,
      type: codeOf(p) ?? (Number.isInteger(Number(type)) && type !== '' ? Number(type) : EventType.OTHER),
    });
  }
  return events;
}

/** IMPP: the protocol by its code when the cloud wrote one, else by the URI's scheme. */
function readIm(p: Prop) {
  const value = unescapeRaw(textOf(p));
  const colon = value.indexOf(':');
  const scheme = colon > 0 ? value.slice(0, colon).toLowerCase() : '';
  const raw = strings(p[1][X_PROTOCOL])[0];
  const byScheme = Object.entries(IM_SCHEMES).find(([, s]) => s === scheme)?.[0];
  const protocol =
    raw !== undefined && Number.isInteger(Number(raw))
      ? Number(raw)
      : byScheme !== undefined
        ? Number(byScheme)
        : ImProtocol.CUSTOM;
  return {
    protocol,
    custom_protocol: strings(p[1]['x-service-type'])[0] ?? (protocol === ImProtocol.CUSTOM ? scheme : ''),
    address: colon > 0 ? value.slice(colon + 1) : value,
    type: fromTypes(p, IM_TYPES, ImType.OTHER),
  };
}

/** ADR with the LABEL of its group (or the next loose one) as the formatted address. */
function readAddress(p: Prop, label: Prop | undefined) {
  const [po_box = '', extended = '', street = '', city = '', region = '', postcode = '', country = ''] =
    partsOf(p);
  return {
    is_primary: primaryOf(p),
    formatted_address: label ? textOf(label) : '',
    street,
    po_box,
    extended,
    city,
    region,
    postcode,
    country,
    type: fromTypes(p, ADDRESS_TYPES, AddressType.HOME),
  };
}

/** A card as ical.js reads it into content (normalised as the portal stores it). */
export function readCard(jcard: unknown[]): PhoneCard {
  const props = (jcard[1] ?? []) as Prop[];
  const all = (name: string) => props.filter((p) => p[0] === name);
  const one = (name: string) => all(name)[0];
  const n = one('n');
  const nParts = n ? partsOf(n) : [];
  const fn = one('fn');
  const given = nParts[1] ?? '';
  const display = fn ? textOf(fn) : `${nParts[0] ?? ''}${given}`;
  const phonetic = one('sort-string') ?? one('x-phonetic-last-name');
  const titles = all('title');
  const labels = all('label');
  const looseTitles = titles.filter((t) => !groupOf(t));
  const looseLabels = labels.filter((t) => !groupOf(t));
  const partner = (p: Prop, side: Prop[], loose: Prop[]) =>
    groupOf(p) ? side.find((s) => groupOf(s) === groupOf(p)) : loose.shift();
  const loose = {
    name:
      display || given || phonetic
        ? [
            {
              is_primary: 1,
              display_name: display,
              given_name: given,
              phonetic_family_name: phonetic ? textOf(phonetic) : '',
              ...namePartsOf(display, nParts),
            },
          ]
        : [],
    organization: all('org').map((p) => ({
      is_primary: primaryOf(p),
      company: partsOf(p)[0] ?? '',
      type: codeOf(p) ?? (typesOf(p).includes('other') ? OrganizationType.OTHER : OrganizationType.WORK),
      title: (() => {
        const t = partner(p, titles, looseTitles);
        return t ? textOf(t) : '';
      })(),
    })),
    phone: all('tel').map((p) => ({
      is_primary: primaryOf(p),
      number: textOf(p).replace(/^tel:/i, ''),
      type: fromTypes(p, PHONE_TYPES, PhoneType.MOBILE),
    })),
    email: all('email').map((p) => ({
      is_primary: primaryOf(p),
      address: textOf(p).replace(/^mailto:/i, ''),
      type: fromTypes(p, EMAIL_TYPES, EmailType.PERSONAL),
    })),
    im: all('impp').map(readIm),
    'postal-address': all('adr').map((p) => readAddress(p, partner(p, labels, looseLabels))),
    event: readEvents(all('bday'), all('x-android-custom')),
    note: all('note').map((p) => ({ note: textOf(p) })),
    nickname: all('nickname').flatMap((p) =>
      valuesOf(p).map((name) => ({ name, type: codeOf(p) ?? NicknameType.DEFAULT })),
    ),
    website: all('url').map((p) => ({
      url: textOf(p),
      type: fromTypes(p, WEBSITE_TYPES, WebsiteType.HOMEPAGE),
    })),
    group: all('categories').flatMap((p) => valuesOf(p).map((groupTitle) => ({ groupTitle }))),
  };
  const uid = one('uid');
  return { uid: uid ? textOf(uid).trim() : '', content: normalizeContactContent(loose) };
}

/** Every card of a .vcf file; an empty file is an empty book. */
export function readVcf(text: string): PhoneCard[] {
  if (!text.trim()) return [];
  const parsed = ICAL.parse(text) as unknown;
  const cards = (
    Array.isArray(parsed) && parsed[0] === 'vcard' ? [parsed] : (parsed as unknown[])
  ) as unknown[][];
  return cards.filter((c) => Array.isArray(c) && c[0] === 'vcard').map(readCard);
}
