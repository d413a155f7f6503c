/**
 * The parts of a postal address (vCard's seven ADR parts) and the one text the portal shows.
 *
 * An address keeps its parts apart (`street`, `city`, `region`, `postcode`, `country`, and the
 * `po_box` and `extended` parts ADR also carries). `formatted_address` is the address as one
 * text: derived from the parts, joined in Chinese order (country, region, city, street, extended,
 * PO box, postcode), whenever any part besides the street is set; an address of one text only
 * (what a phone's sync or an old client sends) keeps it as written, with the street part the
 * same text. The 40-character limit applies to each part, not to the joined text.
 */

/** Address parts in vCard ADR order (RFC 6350 §6.3.1); `street` is the spec's own field. */
export const ADDRESS_PARTS = [
  'po_box',
  'extended',
  'street',
  'city',
  'region',
  'postcode',
  'country',
] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];
export type AddressParts = Record<AddressPart, string>;

/** The field each part's messages name ('街道不能超过40个字符'). */
export const ADDRESS_PART_FIELD = {
  po_box: 'addressPoBox',
  extended: 'addressExtended',
  street: 'addressStreet',
  city: 'addressCity',
  region: 'addressRegion',
  postcode: 'addressPostcode',
  country: 'addressCountry',
} as const satisfies Record<AddressPart, string>;

/** The order the parts are shown in and joined into `formatted_address` (the Chinese order). */
export const ADDRESS_DISPLAY_ORDER: readonly AddressPart[] = [
  'country',
  'region',
  'city',
  'street',
  'extended',
  'po_box',
  'postcode',
];

/** Parts besides the street: an address with any of them set is "structured". */
const EXTRA_PARTS: readonly AddressPart[] = ADDRESS_PARTS.filter((p) => p !== 'street');

const CJK_END_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;
const CJK_START_RE = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export function emptyAddressParts(): AddressParts {
  return { po_box: '', extended: '', street: '', city: '', region: '', postcode: '', country: '' };
}

/** Whether the address holds any part besides the street (then its text is derived from them). */
export function isStructuredAddress(parts: Partial<AddressParts>): boolean {
  return EXTRA_PARTS.some((p) => (parts[p] ?? '').trim() !== '');
}

/**
 * The parts joined in Chinese order: CJK next to CJK with nothing between ("中国广东省深圳市
 * 深南大道1号"), anything else with one space ("中国北京市朝阳区 100020", "USA CA Springfield
 * 1 Main St 62701").
 */
export function addressText(parts: Partial<AddressParts>): string {
  let out = '';
  for (const p of ADDRESS_DISPLAY_ORDER) {
    const v = (parts[p] ?? '').trim();
    if (!v) continue;
    if (out && !(CJK_END_RE.test(out) && CJK_START_RE.test(v))) out += ' ';
    out += v;
  }
  return out;
}
