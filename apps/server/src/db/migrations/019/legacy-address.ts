/**
 * Migration 019's reading of the addresses stored before their parts were kept apart, frozen as
 * it was written (with the address normalisation of `@phonecloud/shared` of that day): a
 * migration keeps doing what it did, however the live contacts code changes later.
 *
 * Those addresses held one text (`formatted_address`) and a `street`. The one text becomes the
 * street part, unless the entry was written from a card's or a CSV's parts, whose joining is
 * read back here:
 *
 * - a CJK address was `country + region + city + street` with nothing between (a vCard import):
 *   the text before the street is split into a country ('中国'), a region (a province,
 *   autonomous region, special administrative region or one of the four municipalities) and a
 *   city (whatever is left);
 * - any other was `street, city, region, postcode, country` without the empty ones (a vCard or an
 *   Outlook CSV import): after the street, the first part with a digit is the postcode, the
 *   parts before it the city and the region, the parts after it the country; with no postcode
 *   they are city, region and country in that order;
 * - a text that neither explains (a card's LABEL, a Google CSV's formatted cell) is the street
 *   part whole, as is an entry whose text and street are the same.
 *
 * The postcode of a CJK address and an ADR's PO box were not stored and cannot come back.
 */

const PARTS = ['po_box', 'extended', 'street', 'city', 'region', 'postcode', 'country'] as const;
type Part = (typeof PARTS)[number];
type Parts = Record<Part, string>;

/** An address entry as migration 019 writes it, in the stored order of its fields. */
export interface AddressEntry extends Parts {
  is_primary: number;
  formatted_address: string;
  type: number;
}

export type LegacyAddress = Partial<AddressEntry> & Record<string, unknown>;

/** The order the parts were joined into `formatted_address` (the Chinese order). */
const DISPLAY_ORDER: readonly Part[] = [
  'country',
  'region',
  'city',
  'street',
  'extended',
  'po_box',
  'postcode',
];
const EXTRA_PARTS: readonly Part[] = PARTS.filter((p) => p !== 'street');
/** The address type codes (custom, home, work, other): absent is home, unknown is custom. */
const TYPE_CODES: readonly number[] = [0, 1, 2, 3];
const HOME = 1;
const CUSTOM = 0;

const CJK_END_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;
const CJK_START_RE = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const HAN_RE = /\p{Script=Han}/u;
const DIGIT_RE = /\d/;
const REGION_RE = /^(.+?(?:省|自治区|特别行政区)|(?:北京|上海|天津|重庆)市?|香港|澳门|台湾省?)/u;

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const trimmed = (v: unknown): string => text(v).trim();
function int(v: unknown, fallback: number): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isInteger(n) ? n : fallback;
}

const emptyParts = (): Parts => ({
  po_box: '',
  extended: '',
  street: '',
  city: '',
  region: '',
  postcode: '',
  country: '',
});

/** The parts joined in Chinese order: CJK next to CJK with nothing between, else one space. */
function joined(parts: Parts): string {
  let out = '';
  for (const p of DISPLAY_ORDER) {
    const v = parts[p].trim();
    if (!v) continue;
    if (out && !(CJK_END_RE.test(out) && CJK_START_RE.test(v))) out += ' ';
    out += v;
  }
  return out;
}

/** One entry as the stored contacts held it: trimmed, its text following its parts; null when empty. */
function normalized(e: Record<string, unknown>): AddressEntry | null {
  const parts = emptyParts();
  for (const p of PARTS) parts[p] = trimmed(e[p]);
  const formatted = trimmed(e.formatted_address);
  const structured = EXTRA_PARTS.some((p) => parts[p] !== '');
  const type = int(e.type, HOME);
  const entry: AddressEntry = {
    is_primary: int(e.is_primary, 0) === 1 ? 1 : 0,
    formatted_address: structured ? joined(parts) : formatted || parts.street,
    street: structured ? parts.street : parts.street || formatted,
    po_box: parts.po_box,
    extended: parts.extended,
    city: parts.city,
    region: parts.region,
    postcode: parts.postcode,
    country: parts.country,
    type: TYPE_CODES.includes(type) ? type : CUSTOM,
  };
  return entry.formatted_address ? entry : null;
}

function chinesePrefix(prefix: string): { country: string; region: string; city: string } {
  let rest = prefix;
  let country = '';
  if (rest.startsWith('中国')) {
    country = '中国';
    rest = rest.slice(2);
  }
  const region = REGION_RE.exec(rest)?.[1] ?? '';
  return { country, region, city: rest.slice(region.length) };
}

function latinRest(rest: string[]): { city: string; region: string; postcode: string; country: string } {
  const at = rest.findIndex((p) => DIGIT_RE.test(p));
  const before = at < 0 ? rest.slice(0, 2) : rest.slice(0, at);
  const after = at < 0 ? rest.slice(2) : rest.slice(at + 1);
  return {
    city: before[0] ?? '',
    // A third part before the postcode would have been a region written in two.
    region: before.slice(1).join(', '),
    postcode: at < 0 ? '' : (rest[at] ?? ''),
    country: after.join(', '),
  };
}

/** An entry as stored before migration 019, with its parts (normalised: the text follows them). */
export function addressFromLegacy(entry: LegacyAddress): AddressEntry | null {
  const formatted = str(entry.formatted_address);
  const street = str(entry.street);
  const parts = { ...emptyParts(), street: street || formatted };
  if (formatted && street && formatted !== street) {
    if (HAN_RE.test(formatted) && formatted.endsWith(street)) {
      Object.assign(parts, chinesePrefix(formatted.slice(0, formatted.length - street.length)));
    } else if (formatted.startsWith(`${street}, `)) {
      Object.assign(parts, latinRest(formatted.slice(street.length + 2).split(', ')));
    } else {
      parts.street = formatted;
    }
  }
  // An entry with no text at all (never stored: normalising drops it) has none.
  return normalized({
    ...parts,
    formatted_address: parts.street,
    is_primary: entry.is_primary,
    type: entry.type,
  });
}

/** Whether an entry was stored before the parts existed (it has no `city` field at all). */
const isLegacyAddress = (entry: unknown): entry is LegacyAddress =>
  typeof entry === 'object' && entry !== null && !('city' in entry);

/**
 * A contact body or doc with its legacy addresses given parts; null when it holds none (nothing
 * to rewrite). Only the addresses change: every other field keeps its text.
 */
export function withAddressParts(json: string): { json: string; content: Record<string, unknown> } | null {
  const doc = JSON.parse(json) as { content?: Record<string, unknown> };
  const list = doc.content?.['postal-address'];
  if (!Array.isArray(list) || !list.some(isLegacyAddress)) return null;
  doc.content = {
    ...doc.content,
    'postal-address': list
      .map((a: unknown) => (isLegacyAddress(a) ? addressFromLegacy(a) : a))
      .filter(Boolean),
  };
  return { json: JSON.stringify(doc), content: doc.content };
}
