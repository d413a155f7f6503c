import {
  type AddressEntry,
  CalendarKind,
  type ContactContent,
  type EmailEntry,
  type EventEntry,
  EventType,
  type ImEntry,
  ImProtocol,
  ImportText,
  type NameEntry,
  type OrganizationEntry,
} from '@phonecloud/shared';
import ICAL from 'ical.js';
import { normaliseCard, plainCardCount, type RawCard, splitUnescaped } from './lines.js';
import {
  addressCode,
  DEFAULT_EVENT,
  DEFAULT_NICKNAME,
  emailCode,
  IM_PROPERTIES,
  IMPP_SCHEMES,
  imTypeCode,
  organizationCode,
  phoneCode,
  SERVICE_TYPES,
  websiteCode,
  X_CALENDAR,
  X_CODE,
} from './map.js';
import { addNameParts } from './names.js';

/** A jCard property: [name, params, value type, ...values]. */
type Prop = [string, Record<string, unknown>, string, ...unknown[]];

export interface ReadCard {
  /** Content as read, before the rules of spec §5 are applied. */
  content: ContactContent;
  photo: Buffer | null;
  warnings: string[];
  /** The card's UID as written; '' when it has none. */
  uid: string;
  /** Set for a group card (vCard 4.0 `KIND:group`, Apple's `X-ADDRESSBOOKSERVER-KIND:group`): its members' UIDs. */
  members?: string[];
}

/** A UID or MEMBER value as the key both are compared by. */
export const uidKey = (value: string) =>
  value
    .trim()
    .replace(/^urn:uuid:/i, '')
    .toLowerCase();

const HAN_RE = /\p{Script=Han}/u;
const ANDROID_EVENT = 'vnd.android.cursor.item/contact_event';
const ANDROID_NICKNAME = 'vnd.android.cursor.item/nickname';
/** Where a phonetic family name is found, in order: Android's own, then vCard 3.0's. */
const PHONETIC = ['x-phonetic-last-name', 'sort-string'] as const;

const NONE: readonly string[] = [];
const NO_PROPS: readonly Prop[] = [];

function strings(v: unknown): readonly string[] {
  if (typeof v === 'string') return [v];
  if (v === undefined) return NONE;
  if (Array.isArray(v)) return v.flatMap(strings);
  if (typeof v === 'number') return [String(v)];
  return NONE;
}
// Imports read thousands of cards: the common shapes (one plain value, no parameters) go first.
const textOf = (p: Prop) =>
  p.length === 4 && typeof p[3] === 'string' ? p[3] : strings(p.slice(3)).join(',');
const partsOf = (p: Prop): string[] =>
  Array.isArray(p[3])
    ? p[3].map((x) => (typeof x === 'string' ? x : strings(x).join(' ')))
    : [...strings(p[3])];
function typesOf(p: Prop): readonly string[] {
  const raw = p[1].type;
  if (raw === undefined) return NONE;
  if (typeof raw === 'string' && !raw.includes(',')) return [raw.trim().toLowerCase()];
  return strings(raw)
    .flatMap((t) => t.split(','))
    .map((t) => t.trim().toLowerCase());
}
const isPref = (p: Prop, types = typesOf(p)) => types.includes('pref') || strings(p[1].pref).length > 0;
const groupOf = (p: Prop) => (p[1].group === undefined ? '' : (strings(p[1].group)[0]?.toLowerCase() ?? ''));
function codeParam(p: Prop): number | null {
  const raw = p[1][X_CODE];
  if (raw === undefined) return null;
  const v = Number(strings(raw)[0]);
  return Number.isInteger(v) ? v : null;
}
/** ical.js leaves X- properties raw; this reads their 3.0 escapes. */
const unescapeRaw = (s: string) =>
  s.replace(/\\([\\,;nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

/** 'YYYY-MM-DD' from the date spellings vCards use; null when there is no full date. */
export function readDate(value: string): string | null {
  const v = value.trim();
  // Without a year: '--04-16' (RFC 6350), '--0416' (vCard 4.0 basic), '--04-16T…' dropped too.
  const noYear = /^--(\d{2})-?(\d{2})(?:$|T)/.exec(v);
  if (noYear) return `--${noYear[1]}-${noYear[2]}`;
  const m = /^(\d{4})-?(\d{1,2})-?(\d{1,2})/.exec(v);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** Apple's grouped labels (`item1.X-ABLabel:_$!<HomePage>!$_`) as the TYPE value they stand for. */
const APPLE_LABELS: Record<string, string> = {
  mobile: 'cell',
  iphone: 'cell',
  main: 'main',
  home: 'home',
  work: 'work',
  homefax: 'fax',
  workfax: 'fax',
  otherfax: 'fax',
  pager: 'pager',
  other: 'other',
  homepage: 'homepage',
  assistantphone: 'other',
};
/** `_$!<HomePage>!$_` → 'homepage'; a label of the user's own answers null. */
function appleLabel(label: string): string | null {
  const m = /^_\$!<(.+)>!\$_$/.exec(label.trim());
  return m?.[1] ? m[1].toLowerCase() : null;
}
/** URLs as Google and iOS write them, with ':' escaped ('http\\://…'). */
const unescapeUri = (s: string) => s.replace(/\\([\\:;,])/g, '$1');

function photoOf(p: Prop, warnings: string[]): Buffer | null {
  const value = strings(p[3])[0] ?? '';
  const encoding = strings(p[1].encoding)[0]?.toLowerCase();
  if (encoding === 'b' || encoding === 'base64' || p[2] === 'binary') return Buffer.from(value, 'base64');
  const data = /^data:[^,]*;base64,(.*)$/is.exec(value);
  if (data?.[1]) return Buffer.from(data[1], 'base64');
  if (value) warnings.push(ImportText.photoLink);
  return null;
}

/** Pairs ORG/TITLE and ADR/LABEL: by item group when grouped, else by order; answers the unpaired too. */
function pairUp(
  main: readonly Prop[],
  side: readonly Prop[],
): { pairs: Array<[Prop, Prop | undefined]>; rest: Prop[] } {
  // Most cards have no TITLE or LABEL at all.
  if (side.length === 0) return { pairs: main.map((m) => [m, undefined]), rest: [] };
  const grouped = new Map(side.filter((s) => groupOf(s)).map((s) => [groupOf(s), s]));
  const loose = side.filter((s) => !groupOf(s));
  const used = new Set<Prop>();
  const pairs = main.map((m): [Prop, Prop | undefined] => {
    const s = groupOf(m) ? grouped.get(groupOf(m)) : loose.shift();
    if (s) used.add(s);
    return [m, s];
  });
  return { pairs, rest: side.filter((s) => !used.has(s)) };
}

/** A card as ical.js answers it: ['vcard', properties, subcomponents]. */
export type JCard = [string, Prop[], unknown[]];

/** Reads one card; throws when ical.js cannot parse it (the caller reports the card). */
export function readCard(raw: RawCard): ReadCard {
  const parsed = ICAL.parse(normaliseCard(raw.lines)) as unknown;
  return readJCard(
    (Array.isArray(parsed) && parsed[0] === 'vcard' ? parsed : (parsed as unknown[])[0]) as JCard,
  );
}

/** The property a line names, for a report ('TEL', 'PHOTO'), or its start when it names none. */
function propertyOf(line: string): string {
  const m = /^(?:[\w-]+\.)?([\w-]+)[;:]/.exec(line);
  return m?.[1]?.toUpperCase() ?? line.trim().slice(0, 30).trim();
}

/** A line whose bare parameters (`TEL;HOME:`, `PHOTO;BASE64:` in a 3.0 card) are named the 3.0 way. */
function namedParams(line: string): string {
  const colon = line.indexOf(':');
  if (colon < 0) return line;
  const [name = '', ...params] = line.slice(0, colon).split(';');
  const named = params.map((p) => {
    if (p.includes('=')) return p;
    const up = p.toUpperCase();
    if (up === 'BASE64' || up === 'B') return 'ENCODING=b';
    if (up === 'QUOTED-PRINTABLE' || up === '8BIT' || up === '7BIT') return `ENCODING=${up}`;
    return `TYPE=${p}`;
  });
  return `${[name, ...named].join(';')}${line.slice(colon)}`;
}

function parses(lines: readonly string[]): boolean {
  try {
    ICAL.parse(normaliseCard(lines));
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads a card ical.js cannot parse whole (a stray line, a bare parameter, a broken photo, no
 * END): line by line, keeping every line it reads (a bare parameter named the 3.0 way first) and
 * saying which were dropped. Throws only when what is left still does not parse.
 */
export function readCardLeniently(raw: RawCard): ReadCard {
  const version = raw.lines.filter((l) => /^VERSION:/i.test(l.trim())).slice(0, 1);
  const kept: string[] = [...version];
  const dropped: string[] = [];
  for (const line of raw.lines) {
    if (/^VERSION:/i.test(line.trim())) continue;
    if (parses([...version, line])) kept.push(line);
    else {
      const named = namedParams(line);
      if (named !== line && parses([...version, named])) kept.push(named);
      else dropped.push(propertyOf(line));
    }
  }
  const read = readCard({ index: raw.index, lines: kept });
  read.warnings.unshift(...dropped.map((p) => ImportText.lineDropped(p)));
  if (raw.broken) read.warnings.unshift(ImportText.cardNoEnd);
  return read;
}

/**
 * The cards of a text that ical.js can read as it is, parsed in one pass; null when the text
 * needs the card-by-card way (splitCards, normaliseCard): vCard 2.1, QUOTED-PRINTABLE, bare CR
 * line ends, a VERSION not first, anything ical.js cannot parse or counts differently.
 */
export function parsePlainCards(text: string): JCard[] | null {
  const count = plainCardCount(text);
  if (count === null) return null;
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const cards = (parsed[0] === 'vcard' ? [parsed] : parsed) as JCard[];
  if (cards.length !== count) return null;
  // ical.js picks the version's rules at a card's first property and keeps vCard 3.0's for every
  // later card of the same text: one pass is right only when all cards have the same version.
  const version = cards[0]?.[1]?.[0]?.[3];
  for (const card of cards) {
    if (!Array.isArray(card) || card[0] !== 'vcard' || card[2]?.length) return null;
    const props = card[1];
    // normaliseCard would put it first: before it, ical.js reads properties as the wrong version.
    if (props[0]?.[0] !== 'version' || props[0][3] !== version) return null;
    for (let i = 1; i < props.length; i++) if (props[i]?.[0] === 'version') return null;
  }
  return cards;
}

/** A card's properties by name, in the card's order. */
type ByName = ReadonlyMap<string, Prop[]>;

const allOf = (byName: ByName, name: string): readonly Prop[] => byName.get(name) ?? NO_PROPS;
const firstOf = (byName: ByName, name: string): Prop | undefined => byName.get(name)?.[0];

/** Apple's labels by item group: they name the kind of the entry of the same group. */
function appleLabels(byName: ByName): ReadonlyMap<string, string> {
  const labels = new Map<string, string>();
  for (const p of allOf(byName, 'x-ablabel')) if (groupOf(p)) labels.set(groupOf(p), unescapeRaw(textOf(p)));
  return labels;
}

/** The TYPE values of a property, with the one its Apple label stands for. */
function typesWithLabel(p: Prop, labels: ReadonlyMap<string, string>): readonly string[] {
  if (labels.size === 0) return typesOf(p);
  const label = labels.get(groupOf(p));
  const apple = label === undefined ? null : appleLabel(label);
  const mapped = apple ? (APPLE_LABELS[apple] ?? apple) : label?.toLowerCase();
  return mapped ? [...typesOf(p), mapped] : typesOf(p);
}

/**
 * Reads a card ical.js parsed. Each kind of entry is read by a function of its own: an import
 * calls this for every card, and one function reading every kind was so large that V8's
 * optimising compiler took about a third of a second for it, again after every deoptimisation,
 * on the threads the import's own threads share the cores with.
 */
export function readJCard(jcard: JCard): ReadCard {
  const props = jcard[1];
  const warnings: string[] = [];
  const byName = new Map<string, Prop[]>();
  for (const p of props) {
    const list = byName.get(p[0]);
    if (list) list.push(p);
    else byName.set(p[0], [p]);
  }
  const labels = appleLabels(byName);
  const c: ContactContent = {
    name: [readName(byName)],
    organization: readOrganizations(byName),
    phone: [],
    email: readEmails(byName, labels),
    im: readIms(props),
    'postal-address': readAddresses(byName, labels),
    event: [],
    note: [],
    nickname: [],
    website: [],
    group: [],
  };
  // A phone's extension goes to the notes, before the card's own notes.
  readPhones(byName, labels, c, warnings);
  readEvents(props, labels, c.event, warnings);
  readTexts(byName, labels, c);
  return readMeta(byName, c, warnings);
}

/** Name: FN as shown, N for the given name; Android's phonetic family name, else SORT-STRING. */
function readName(byName: ByName): NameEntry {
  const n = firstOf(byName, 'n');
  const [family = '', given = '', middle = '', prefix = '', suffix = ''] = n ? partsOf(n) : [];
  const fn = firstOf(byName, 'fn');
  let phonetic: string | undefined;
  const phoneticFirst = firstOf(byName, 'x-phonetic-first-name');
  const phoneticGiven = phoneticFirst ? unescapeRaw(textOf(phoneticFirst)) : '';
  for (const name of PHONETIC) {
    const p = firstOf(byName, name);
    const text = p ? unescapeRaw(textOf(p)) : '';
    if (text) {
      phonetic = text;
      break;
    }
  }
  // Japanese phones write the reading as SOUND;X-IRMC-N (family;given).
  const irmc =
    phonetic === undefined && !phoneticGiven
      ? allOf(byName, 'sound').find((p) => typesOf(p).includes('x-irmc-n'))
      : undefined;
  if (irmc) phonetic = partsOf(irmc).slice(0, 2).join('');
  const entry: NameEntry = {
    is_primary: 1,
    // Composed from N only when FN is missing or empty.
    display_name:
      (fn ? textOf(fn) : '') ||
      (HAN_RE.test(family + given)
        ? family + middle + given
        : [prefix, given, middle, family, suffix].filter(Boolean).join(' ')),
    given_name: given,
    // The field holds the whole name's reading, family name first (as the portal spells names).
    phonetic_family_name: (phonetic ?? '') + phoneticGiven,
  };
  // N's parts are kept where they say more than the display name does, so N is written back
  // whole instead of guessed from FN.
  if (n) addNameParts(entry, family, middle, prefix, suffix);
  return entry;
}

function readOrganizations(byName: ByName): OrganizationEntry[] {
  const out: OrganizationEntry[] = [];
  const orgs = pairUp(allOf(byName, 'org'), allOf(byName, 'title'));
  for (const [org, title] of orgs.pairs) {
    out.push({
      is_primary: isPref(org) ? 1 : 0,
      company: partsOf(org).filter(Boolean).join(' '),
      type: codeParam(org) ?? organizationCode(typesOf(org)),
      title: title ? textOf(title) : '',
    });
  }
  for (const t of orgs.rest) {
    out.push({ is_primary: 0, company: '', type: organizationCode([]), title: textOf(t) });
  }
  return out;
}

function readPhones(
  byName: ByName,
  labels: ReadonlyMap<string, string>,
  c: ContactContent,
  warnings: string[],
): void {
  for (const p of allOf(byName, 'tel')) {
    const types = typesWithLabel(p, labels);
    // A tel: URI may carry its extension (';ext=5555'): never glued to the number.
    const [number = '', ...uriParams] = textOf(p).replace(/^tel:/i, '').split(';');
    const ext = uriParams.find((x) => /^ext=/i.test(x))?.slice(4) ?? '';
    c.phone.push({ is_primary: isPref(p, types) ? 1 : 0, number, type: codeParam(p) ?? phoneCode(types) });
    if (ext) {
      c.note.push({ note: `${number} ext. ${ext}` });
      warnings.push(ImportText.phoneExtension(number, ext));
    }
  }
}

function readEmails(byName: ByName, labels: ReadonlyMap<string, string>): EmailEntry[] {
  return allOf(byName, 'email').map((p) => {
    const types = typesWithLabel(p, labels);
    return {
      is_primary: isPref(p, types) ? 1 : 0,
      address: textOf(p).replace(/^mailto:/i, ''),
      type: codeParam(p) ?? emailCode(types),
    };
  });
}

function readIms(props: readonly Prop[]): ImEntry[] {
  const out: ImEntry[] = [];
  for (const p of props) {
    const protocol = IM_PROPERTIES[p[0]];
    if (protocol !== undefined) {
      out.push({
        protocol,
        custom_protocol: '',
        address: unescapeRaw(textOf(p)),
        type: codeParam(p) ?? imTypeCode(typesOf(p)),
      });
    } else if (p[0] === 'impp') {
      out.push(readImpp(p));
    }
  }
  return out;
}

function readAddresses(byName: ByName, labels: ReadonlyMap<string, string>): AddressEntry[] {
  const out: AddressEntry[] = [];
  const addresses = pairUp(allOf(byName, 'adr'), allOf(byName, 'label'));
  for (const [adr, label] of addresses.pairs) {
    // The seven ADR parts kept apart; the text is derived from them (address.ts in shared) when
    // there is more than a street, else the label (LABEL, or 4.0's LABEL parameter) as written.
    const [po_box = '', extended = '', street = '', city = '', region = '', postcode = '', country = ''] =
      partsOf(adr).map((p) => p.trim());
    const labelParam = strings(adr[1].label)[0];
    out.push({
      is_primary: isPref(adr) ? 1 : 0,
      formatted_address: (label ? textOf(label) : labelParam) || street,
      street,
      po_box,
      extended,
      city,
      region,
      postcode,
      country,
      type: codeParam(adr) ?? addressCode(typesWithLabel(adr, labels)),
    });
  }
  // A label with no ADR to pair with is the address as written (Evolution, Outlook).
  for (const label of addresses.rest) {
    const text = textOf(label).trim();
    if (!text) continue;
    out.push({
      is_primary: isPref(label) ? 1 : 0,
      formatted_address: text,
      street: '',
      po_box: '',
      extended: '',
      city: '',
      region: '',
      postcode: '',
      country: '',
      type: codeParam(label) ?? addressCode(typesWithLabel(label, labels)),
    });
  }
  return out;
}

/** Notes, nicknames (Android's rows too), websites and categories. */
function readTexts(byName: ByName, labels: ReadonlyMap<string, string>, c: ContactContent): void {
  for (const p of allOf(byName, 'note')) c.note.push({ note: textOf(p) });
  for (const p of allOf(byName, 'nickname')) {
    for (const name of strings(p.slice(3))) {
      c.nickname.push({ name, type: codeParam(p) ?? DEFAULT_NICKNAME });
    }
  }
  for (const p of allOf(byName, 'url')) {
    c.website.push({
      url: unescapeUri(textOf(p)),
      type: codeParam(p) ?? websiteCode(typesWithLabel(p, labels)),
    });
  }
  for (const p of allOf(byName, 'categories')) {
    for (const title of strings(p.slice(3))) c.group.push({ groupTitle: title.trim() });
  }
  for (const p of allOf(byName, 'x-android-custom')) {
    const [kind = '', data1 = '', data2 = ''] = splitUnescaped(textOf(p), ';').map(unescapeRaw);
    if (kind === ANDROID_NICKNAME && data1) {
      c.nickname.push({ name: data1, type: Number(data2) || DEFAULT_NICKNAME });
    }
  }
}

/** The card read: its content with the photo, the UID and, for a group card, its members. */
function readMeta(byName: ByName, c: ContactContent, warnings: string[]): ReadCard {
  const photo = firstOf(byName, 'photo');
  const uid = firstOf(byName, 'uid');
  const read: ReadCard = {
    content: c,
    photo: photo ? photoOf(photo, warnings) : null,
    warnings,
    uid: uid ? textOf(uid).trim() : '',
  };
  const kind = firstOf(byName, 'kind') ?? firstOf(byName, 'x-addressbookserver-kind');
  if (kind && textOf(kind).trim().toLowerCase() === 'group') {
    read.members = [...allOf(byName, 'member'), ...allOf(byName, 'x-addressbookserver-member')].map((p) =>
      uidKey(textOf(p)),
    );
  }
  return read;
}

function readImpp(p: Prop): ImEntry {
  const value = textOf(p);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase() ?? '';
  const service = strings(p[1]['x-service-type'])[0]?.trim() ?? '';
  const known = SERVICE_TYPES[service.toLowerCase()] ?? IMPP_SCHEMES[scheme];
  const address =
    scheme && (IMPP_SCHEMES[scheme] !== undefined || scheme === 'x-apple')
      ? value.slice(scheme.length + 1)
      : value;
  return {
    protocol: known ?? ImProtocol.CUSTOM,
    custom_protocol: known === undefined ? service || scheme : '',
    address: address.replace(/^\/\//, ''),
    type: codeParam(p) ?? imTypeCode(typesOf(p)),
  };
}

function readEvents(
  props: Prop[],
  labels: ReadonlyMap<string, string>,
  out: EventEntry[],
  warnings: string[],
) {
  const push = (p: Prop, value: string, type: number) => {
    const date = readDate(value);
    if (!date) {
      warnings.push(ImportText.dateBad(value));
      return;
    }
    const lunar = strings(p[1][X_CALENDAR])[0]?.toLowerCase() === 'lunar';
    const kind = lunar ? CalendarKind.LUNAR : CalendarKind.SOLAR;
    // One event is often written several ways (X-ANNIVERSARY, Apple's date, Android's row).
    if (out.some((e) => e.start_date === date && e.type === type && e.lunar_or_solar === kind)) return;
    out.push({
      is_primary: isPref(p) ? 1 : 0,
      start_date: date,
      lunar_or_solar: kind,
      type,
    });
  };
  for (const p of props) {
    if (p[0] === 'bday') {
      // Apple's date without a year: the year it names stands for none.
      const omit = strings(p[1]['x-apple-omit-year'])[0];
      const value = textOf(p);
      push(
        p,
        omit && value.startsWith(omit) ? `--${value.slice(omit.length).replace(/^-/, '')}` : value,
        codeParam(p) ?? EventType.BIRTHDAY,
      );
    } else if (p[0] === 'anniversary' || p[0] === 'x-anniversary' || p[0] === 'x-evolution-anniversary')
      push(p, textOf(p), EventType.ANNIVERSARY);
    else if (p[0] === 'x-abdate') {
      // Apple's dates: the item's label says which ('_$!<Anniversary>!$_' or the user's own).
      const label = labels.get(groupOf(p));
      const apple = label === undefined ? null : appleLabel(label);
      push(
        p,
        textOf(p),
        apple === 'anniversary' ? EventType.ANNIVERSARY : label ? EventType.CUSTOM : EventType.OTHER,
      );
    } else if (p[0] === 'x-android-custom') {
      const [kind = '', date = '', type = ''] = splitUnescaped(textOf(p), ';').map(unescapeRaw);
      if (kind === ANDROID_EVENT) push(p, date, type === '' ? DEFAULT_EVENT : Number(type));
    }
  }
}
