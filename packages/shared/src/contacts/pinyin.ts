import { pinyin } from 'pinyin-pro';
import { CONTACT_LETTERS } from './limits.js';

const HAN_RE = /\p{Script=Han}/u;
const LETTER_ORDER = new Map<string, number>(CONTACT_LETTERS.map((l, i) => [l, i]));

/**
 * What a name sorts and is searched by: Chinese characters as toneless pinyin (surnames read as
 * surnames: 单 shan, 曾 zeng), everything else lower-cased, without spaces.
 */
export function nameSpell(name: string): string {
  const n = name.normalize('NFKC').trim();
  if (!HAN_RE.test(n)) return n.toLowerCase().replace(/\s+/g, '');
  const plain = ONLY_HAN_RE.test(n) ? soleSpell(n) : null;
  if (plain !== null) return plain;
  return pinyin(n, { toneType: 'none', type: 'array', surname: 'head', nonZh: 'consecutive', v: true })
    .join('')
    .toLowerCase()
    .replace(/\s+/g, '');
}

const ONLY_HAN_RE = /^\p{Script=Han}+$/u;
/** Each character's toneless reading when it has only one; null when it has several. */
const soleReadings = new Map<string, string | null>();

/**
 * The spelling of a name whose characters each have one toneless reading, or null. pinyin-pro's
 * word and surname rules only choose between a character's readings, so such a name reads the
 * same in any context (checked against its full pass over hundreds of thousands of names); the
 * full pass costs an import of thousands of names several times more.
 */
function soleSpell(name: string): string | null {
  let spell = '';
  for (const ch of name) {
    let reading = soleReadings.get(ch);
    if (reading === undefined) {
      const all = new Set(pinyin(ch, { toneType: 'none', type: 'array', multiple: true, v: true }));
      reading = all.size === 1 ? ([...all][0] ?? null) : null;
      soleReadings.set(ch, reading);
    }
    if (reading === null) return null;
    spell += reading;
  }
  return spell;
}

/**
 * The index bar letter of a name: its first letter (pinyin initial for Chinese), or '#'.
 * `spell` is the name's `nameSpell` when the caller has it already.
 */
export function letterOf(name: string, spell?: string): string {
  const first = [...name.normalize('NFKC').trim()][0] ?? '';
  if (/^[A-Za-z]$/.test(first)) return first.toUpperCase();
  if (HAN_RE.test(first)) {
    const initial = (spell ?? nameSpell(name)).charAt(0).toUpperCase();
    return /^[A-Z]$/.test(initial) ? initial : '#';
  }
  return '#';
}

/** Index bar order: A-Z, then '#'. */
export function compareLetters(a: string, b: string): number {
  return (LETTER_ORDER.get(a) ?? CONTACT_LETTERS.length) - (LETTER_ORDER.get(b) ?? CONTACT_LETTERS.length);
}

export interface Sortable {
  letter_index: string;
  nameSpell: string;
  server_id: string;
}
/** The order of every contact list: letter, then spelling, then id (stable for equal names). */
export function compareContacts(a: Sortable, b: Sortable): number {
  return (
    compareLetters(a.letter_index, b.letter_index) ||
    (a.nameSpell < b.nameSpell ? -1 : a.nameSpell > b.nameSpell ? 1 : 0) ||
    Number(a.server_id) - Number(b.server_id)
  );
}
