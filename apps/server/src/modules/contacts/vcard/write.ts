import {
  CalendarKind,
  type ContactContent,
  EventType,
  ImProtocol,
  NicknameType,
  WebsiteType,
} from '@phonecloud/shared';
import ICAL from 'ical.js';
import { displayNameOf } from '../doc.js';
import {
  ADDRESS_TYPES,
  EMAIL_TYPES,
  IM_PROPERTY_OF,
  IM_TYPES,
  PHONE_TYPES,
  X_CALENDAR,
  X_CODE,
} from './map.js';
import { structuredName } from './names.js';

type Params = Record<string, string | string[]>;
export type VcardVersion = '3.0' | '4.0';
type Prop = [string, Params, string, ...unknown[]];

const WEBSITE_TYPES: Record<number, string> = {
  [WebsiteType.HOME]: 'HOME',
  [WebsiteType.WORK]: 'WORK',
  [WebsiteType.BLOG]: 'BLOG',
  [WebsiteType.PROFILE]: 'PROFILE',
  [WebsiteType.FTP]: 'FTP',
  [WebsiteType.OTHER]: 'OTHER',
};

function typed(types: readonly string[], primary: number, code: number): Params {
  const all = primary === 1 ? [...types, 'PREF'] : [...types];
  const params: Params = { [X_CODE]: String(code) };
  if (all.length === 1) params.type = all[0] as string;
  else if (all.length > 1) params.type = all;
  return params;
}

/** What an export writes besides the content: the card's identity and the vCard version. */
export interface CardMeta {
  /** Kept from the imported card, else derived from the contact's id (stable across exports). */
  uid?: string;
  /** Last change, epoch ms. */
  rev?: number;
  version?: VcardVersion;
}

export const PRODID = '-//phonecloud//contacts//ZH';
/** Apple's marker of a date without a year: the year 1604 stands for none. */
const APPLE_NO_YEAR = '1604';

/** REV as each version spells it: 4.0's timestamp is basic, 3.0's date-time extended. */
function revOf(ms: number, v4: boolean): string {
  const iso = new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
  return v4 ? iso.replace(/[-:]/g, '') : iso;
}

/**
 * One contact as a vCard 3.0 card. ical.js does the escaping and line folding; ORG/TITLE and
 * ADR/LABEL pairs share an item group so they are read back together.
 */
export function writeCard(content: ContactContent, photo: Buffer | null, meta: CardMeta = {}): string {
  const v4 = meta.version === '4.0';
  const props: Prop[] = [['version', {}, 'text', v4 ? '4.0' : '3.0']];
  props.push(['prodid', {}, 'text', PRODID]);
  if (meta.uid) props.push(['uid', {}, 'text', meta.uid]);
  // Each version's default value type, so no VALUE parameter is written.
  if (meta.rev !== undefined) props.push(['rev', {}, v4 ? 'timestamp' : 'date-time', revOf(meta.rev, v4)]);
  const name = content.name[0];
  const display = displayNameOf(content);
  props.push(['fn', {}, 'text', display]);
  props.push(['n', {}, 'text', structuredName(display, name)]);
  if (name?.phonetic_family_name)
    props.push(['x-phonetic-last-name', {}, 'unknown', escapeRaw(name.phonetic_family_name)]);

  let item = 0;
  // Item groups are numbered across the card: ORG/TITLE, ADR/LABEL, Apple's labelled dates.
  const nextGroup = () => `item${++item}`;
  for (const o of content.organization) {
    const group = nextGroup();
    const params = typed(o.type === 2 ? ['OTHER'] : ['WORK'], o.is_primary, o.type);
    props.push(['org', { ...params, group }, 'text', [o.company]]);
    if (o.title) props.push(['title', { group }, 'text', o.title]);
  }
  for (const p of content.phone) {
    props.push(['tel', typed(PHONE_TYPES[p.type] ?? [], p.is_primary, p.type), 'phone-number', p.number]);
  }
  for (const e of content.email) {
    props.push([
      'email',
      typed(EMAIL_TYPES[e.type] ?? ['INTERNET'], e.is_primary, e.type),
      'text',
      e.address,
    ]);
  }
  for (const i of content.im) {
    const params = typed(IM_TYPES[i.type] ?? [], 0, i.type);
    const name = IM_PROPERTY_OF[i.protocol];
    if (name && i.protocol !== ImProtocol.CUSTOM) props.push([name, params, 'unknown', escapeRaw(i.address)]);
    else
      props.push(['impp', { ...params, 'x-service-type': i.custom_protocol || 'other' }, 'uri', i.address]);
  }
  addresses(props, content, v4, nextGroup);
  events(props, content, v4, nextGroup);
  for (const n of content.note) props.push(['note', {}, 'text', n.note]);
  for (const n of content.nickname) {
    props.push([
      'nickname',
      n.type === NicknameType.DEFAULT ? {} : { [X_CODE]: String(n.type) },
      'text',
      n.name,
    ]);
  }
  for (const w of content.website) {
    const t = WEBSITE_TYPES[w.type];
    props.push(['url', typed(t ? [t] : [], 0, w.type), 'uri', w.url]);
  }
  if (content.group.length > 0) {
    props.push(['categories', {}, 'text', ...content.group.map((g) => g.groupTitle)]);
  }
  if (photo) {
    if (v4) props.push(['photo', {}, 'uri', `data:image/jpeg;base64,${photo.toString('base64')}`]);
    else props.push(['photo', { encoding: 'b', type: 'JPEG' }, 'binary', photo.toString('base64')]);
  }
  return ICAL.stringify(['vcard', props, []]);
}

/** ADR with LABEL (3.0, one item group) or with a LABEL parameter (4.0). */
function addresses(props: Prop[], content: ContactContent, v4: boolean, nextGroup: () => string): void {
  for (const a of content['postal-address']) {
    const group = nextGroup();
    const params = typed(ADDRESS_TYPES[a.type] ?? [], a.is_primary, a.type);
    // The seven ADR parts as stored (entries from before the parts existed hold only a street).
    const adr = [
      a.po_box ?? '',
      a.extended ?? '',
      a.street,
      a.city ?? '',
      a.region ?? '',
      a.postcode ?? '',
      a.country ?? '',
    ];
    // vCard 4.0 has no LABEL property: the formatted address is ADR's LABEL parameter there.
    if (v4) props.push(['adr', { ...params, label: a.formatted_address }, 'text', adr]);
    else {
      props.push(['adr', { ...params, group }, 'text', adr]);
      props.push(['label', { group }, 'text', a.formatted_address]);
    }
  }
}

/**
 * Events: the first solar birthday as BDAY, the first solar anniversary with a year as ANNIVERSARY (or its
 * 3.0 spellings), and every event in Android's own spelling.
 */
function events(props: Prop[], content: ContactContent, v4: boolean, nextGroup: () => string): void {
  let birthday = false;
  let anniversary = false;
  for (const e of content.event) {
    const solar = e.lunar_or_solar === CalendarKind.SOLAR;
    const noYear = e.start_date.startsWith('--');
    const params = typed([], e.is_primary, e.type);
    if (solar && e.type === EventType.BIRTHDAY && !birthday) {
      birthday = true;
      if (!noYear) props.push(['bday', params, 'date', e.start_date]);
      else if (v4)
        props.push(['bday', params, 'date-and-or-time', `--${e.start_date.slice(2).replace('-', '')}`]);
      // vCard 3.0 has no date without a year: Apple's spelling, which iOS, macOS and vobject read.
      else
        props.push([
          'bday',
          { ...params, 'x-apple-omit-year': APPLE_NO_YEAR },
          'date',
          `${APPLE_NO_YEAR}${e.start_date.slice(1)}`,
        ]);
      continue;
    }
    if (solar && e.type === EventType.ANNIVERSARY && !anniversary && !noYear) {
      anniversary = true;
      if (v4) props.push(['anniversary', params, 'date-and-or-time', e.start_date.replace(/-/g, '')]);
      else {
        // 3.0 has no ANNIVERSARY: Evolution's and KDE's X-ANNIVERSARY, and Apple's labelled date.
        props.push(['x-anniversary', params, 'unknown', e.start_date]);
        const group = nextGroup();
        props.push(['x-abdate', { group }, 'unknown', e.start_date]);
        props.push(['x-ablabel', { group }, 'unknown', '_$!<Anniversary>!$_']);
      }
    }
    // Android's own spelling of every other event (and of the anniversary, for Android). A lunar
    // date is written only here, marked LUNAR: BDAY, ANNIVERSARY and Apple's dates are read as
    // Gregorian by every other app.
    if (!solar) params[X_CALENDAR] = 'LUNAR';
    const value = `vnd.android.cursor.item/contact_event;${e.start_date};${e.type};;;;;;;;;;;;;`;
    props.push(['x-android-custom', params, 'unknown', value]);
  }
}

/** X- properties are written raw by ical.js; their text needs the 3.0 escapes here. */
function escapeRaw(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\n/g, '\\n');
}
