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

type Params = Record<string, string | string[]>;
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

/** The N property's family part: what the display name holds besides the given name. */
function familyOf(display: string, given: string): string {
  if (!given) return display;
  return display.endsWith(given) ? display.slice(0, display.length - given.length).trim() : '';
}

/**
 * One contact as a vCard 3.0 card. ical.js does the escaping and line folding; ORG/TITLE and
 * ADR/LABEL pairs share an item group so they are read back together.
 */
export function writeCard(content: ContactContent, photo: Buffer | null): string {
  const props: Prop[] = [['version', {}, 'text', '3.0']];
  const name = content.name[0];
  const display = displayNameOf(content);
  props.push(['fn', {}, 'text', display]);
  props.push([
    'n',
    {},
    'text',
    [familyOf(display, name?.given_name ?? ''), name?.given_name ?? '', '', '', ''],
  ]);
  if (name?.phonetic_family_name)
    props.push(['x-phonetic-last-name', {}, 'unknown', escapeRaw(name.phonetic_family_name)]);

  let item = 0;
  for (const o of content.organization) {
    const group = `item${++item}`;
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
  for (const a of content['postal-address']) {
    const group = `item${++item}`;
    const params = typed(ADDRESS_TYPES[a.type] ?? [], a.is_primary, a.type);
    props.push(['adr', { ...params, group }, 'text', ['', '', a.street, '', '', '', '']]);
    props.push(['label', { group }, 'text', a.formatted_address]);
  }
  let birthday = false;
  for (const e of content.event) {
    const solarBirthday = e.type === EventType.BIRTHDAY && e.lunar_or_solar === CalendarKind.SOLAR;
    const params = typed([], e.is_primary, e.type);
    if (solarBirthday && !birthday) {
      birthday = true;
      props.push(['bday', params, 'date', e.start_date]);
      continue;
    }
    // Android's own spelling of other events; phones that know it read them back.
    if (e.lunar_or_solar === CalendarKind.LUNAR) params[X_CALENDAR] = 'LUNAR';
    const value = `vnd.android.cursor.item/contact_event;${e.start_date};${e.type};;;;;;;;;;;;;`;
    props.push(['x-android-custom', params, 'unknown', value]);
  }
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
  if (photo) props.push(['photo', { encoding: 'b', type: 'JPEG' }, 'binary', photo.toString('base64')]);
  return ICAL.stringify(['vcard', props, []]);
}

/** X- properties are written raw by ical.js; their text needs the 3.0 escapes here. */
function escapeRaw(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\n/g, '\\n');
}
