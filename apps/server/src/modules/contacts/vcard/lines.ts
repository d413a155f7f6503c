/**
 * The text layer under ical.js: splits a file into cards and rewrites what ical.js cannot read
 * (vCard 2.1 as Android writes it: bare parameters such as `TEL;CELL`, QUOTED-PRINTABLE values
 * with soft line breaks, CHARSET, base64 photos ended by a blank line) into vCard 3.0 syntax.
 * Cards of 3.0 and 4.0 pass through untouched except for QUOTED-PRINTABLE lines.
 */

export interface RawCard {
  /** 1-based position in the file. */
  index: number;
  /** Logical (unfolded) lines between BEGIN:VCARD and END:VCARD. */
  lines: string[];
  /** Set when the card cannot be read at all (no END:VCARD). */
  broken?: string;
}

const QP_RE = /[;:](?:ENCODING=)?QUOTED-PRINTABLE[;:]/i;
const QP_ANYWHERE = /QUOTED-PRINTABLE/i;

function isQuotedPrintable(line: string): boolean {
  const colon = nameEnd(line);
  return colon > 0 && QP_RE.test(`${line.slice(0, colon)}:`);
}

/** Index of the ':' that ends the name and parameters (quotes may hide a ':'). */
function nameEnd(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === ':' && !quoted) return i;
  }
  return -1;
}

const CHARSET_PARAM = /;CHARSET=([\w.:-]+)/i;

function decoderFor(label: string | undefined, fallback: InstanceType<typeof TextDecoder>) {
  if (!label) return fallback;
  try {
    return new TextDecoder(label);
  } catch {
    // A label the platform does not know: the file's own guess.
    return fallback;
  }
}

/**
 * A file that is not UTF-8, line by line: a line naming its CHARSET (Shift_JIS from Japanese
 * phones, Big5, GBK) is decoded in it, its folded continuation lines too; any other line as
 * GB18030 (old Chinese phones, and a superset of ASCII).
 */
function decodeByLine(bytes: Buffer): string {
  const fallback = new TextDecoder('gb18030');
  const out: string[] = [];
  let current = fallback;
  let start = 0;
  while (start <= bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    const line = bytes.subarray(start, end);
    const folded = line[0] === 0x20 || line[0] === 0x09;
    if (!folded) {
      // Names and parameters are ASCII: read them as such before the value is decoded.
      const head = line.subarray(0, Math.max(0, line.indexOf(0x3a))).toString('latin1');
      current = decoderFor(CHARSET_PARAM.exec(head)?.[1], fallback);
    }
    out.push(current.decode(line));
    start = end + 1;
  }
  return out.join('\n');
}

/**
 * Decodes a file: UTF-8 (with or without BOM), UTF-16 with BOM, else line by line in the
 * CHARSET each property names, GB18030 where none is named.
 */
export function decodeVcardFile(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return decodeByLine(bytes);
  }
}

const LONE_CR = /\r(?!\n)/;

/** Whether a line, trimmed, is `marker` (BEGIN:VCARD or END:VCARD) in any case, without copying it. */
function isMarker(line: string, marker: string): boolean {
  // Most lines are properties: the length and first letter rule them out before any copy is made.
  if (line.length < marker.length) return false;
  // Lower-cased if an ASCII letter; anything else (spaces, a stray BOM) takes the full test.
  const first = line.charCodeAt(0) | 0x20;
  if (first >= 0x61 && first <= 0x7a && first !== (marker.charCodeAt(0) | 0x20)) return false;
  return line.trim().toUpperCase() === marker;
}

/** Unfolds lines (RFC folding, and QUOTED-PRINTABLE soft breaks) and cuts the file into cards. */
export function splitCards(text: string): RawCard[] {
  // A single-character split is much cheaper than a regex one; files with bare CR endings (old
  // Macs) take the regex.
  const raws = LONE_CR.test(text) ? text.split(/\r\n|\n|\r/) : text.split('\n');
  const logical: string[] = [];
  for (let raw of raws) {
    if (raw.charCodeAt(raw.length - 1) === 13) raw = raw.slice(0, -1);
    const prev = logical.length - 1;
    const last = logical[prev];
    if (last?.endsWith('=') && isQuotedPrintable(last)) {
      logical[prev] = last.slice(0, -1) + raw;
    } else if (last !== undefined && (raw.startsWith(' ') || raw.startsWith('\t'))) {
      logical[prev] = last + raw.slice(1);
    } else if (raw.trim() !== '') {
      logical.push(raw);
    }
  }
  const cards: RawCard[] = [];
  let current: RawCard | null = null;
  for (const line of logical) {
    if (isMarker(line, 'BEGIN:VCARD')) {
      if (current) cards.push({ ...current, broken: 'END:VCARD missing' });
      current = { index: cards.length + 1, lines: [] };
    } else if (isMarker(line, 'END:VCARD')) {
      if (current) cards.push(current);
      current = null;
    } else if (current) {
      current.lines.push(line);
    }
  }
  if (current) cards.push({ ...current, broken: 'END:VCARD missing' });
  return cards;
}

const END_LINE = /^END:VCARD[ \t]*(?:\r\n|\n|\r)/gim;

/**
 * Cuts a file's text into pieces of about `cards` cards each, only where `splitCards` of the
 * pieces gives what it gives for the whole: right after an END:VCARD line that really ends a
 * card (the line before it does not end with '=', so no QUOTED-PRINTABLE soft break swallows
 * it, and the next line is not folded onto it). Where no such place comes, pieces grow. The
 * first piece may be given a size of its own.
 */
export function cutBetweenCards(text: string, cards: number, first = cards): string[] {
  const pieces: string[] = [];
  let start = 0;
  let seen = 0;
  END_LINE.lastIndex = 0;
  for (let m = END_LINE.exec(text); m; m = END_LINE.exec(text)) {
    seen++;
    const after = m.index + m[0].length;
    const next = text[after];
    const before = text.slice(Math.max(0, m.index - 3), m.index).replace(/[\r\n]+$/, '');
    if (seen < (pieces.length === 0 ? first : cards) || next === ' ' || next === '\t' || before.endsWith('='))
      continue;
    pieces.push(text.slice(start, after));
    start = after;
    seen = 0;
  }
  if (start < text.length) pieces.push(text.slice(start));
  return pieces;
}

const V21_ANYWHERE = /^[ \t]*VERSION:[ \t]*2\./im;
const BEGIN_LINES = /^[ \t]*BEGIN:VCARD[ \t]*\r?$/gim;
const END_LINES = /^[ \t]*END:VCARD[ \t]*\r?$/gim;

/**
 * Whether ical.js may read a text as it is, without `splitCards` and `normaliseCard`: nothing
 * here rewrites (no QUOTED-PRINTABLE, no vCard 2.x, no bare CR), and it holds as many card
 * starts as ends, which the caller compares with what ical.js counted.
 */
export function plainCardCount(text: string): number | null {
  if (QP_ANYWHERE.test(text) || V21_ANYWHERE.test(text) || LONE_CR.test(text)) return null;
  const begins = text.match(BEGIN_LINES)?.length ?? 0;
  return begins === (text.match(END_LINES)?.length ?? 0) ? begins : null;
}

const ENCODINGS = new Set(['QUOTED-PRINTABLE', 'BASE64', 'B', '8BIT', '7BIT']);
// Properties whose value is ';'-separated parts, and ones holding ','-separated lists.
const STRUCTURED = new Set(['N', 'ADR', 'ORG', 'X-ANDROID-CUSTOM']);
const LISTS = new Set(['CATEGORIES', 'NICKNAME']);
const BINARY = new Set(['PHOTO', 'LOGO', 'SOUND', 'KEY']);

/**
 * Escapes a text value the vCard 3.0 way. ';' is escaped only inside structured values: ical.js
 * (like RFC 6350) leaves a plain text value's '\\;' as it is.
 */
export function escapeText(s: string, structured = true): string {
  const out = s
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\n|\r/g, '\\n');
  return structured ? out.replace(/;/g, '\\;') : out;
}

/** Splits on `sep` where it is not escaped by a backslash. */
export function splitUnescaped(value: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch === '\\' && i + 1 < value.length) {
      cur += ch + value[i + 1];
      i++;
    } else if (ch === sep) {
      out.push(cur);
      cur = '';
    } else {
      cur += ch;
    }
  }
  out.push(cur);
  return out;
}

function decodeQuotedPrintable(value: string, charset: string): string {
  const bytes: number[] = [];
  const raw = Buffer.from(value, 'utf8');
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i] as number;
    const hex = b === 0x3d ? raw.subarray(i + 1, i + 3).toString('latin1') : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(b);
    }
  }
  try {
    return new TextDecoder(charset || 'utf-8').decode(Buffer.from(bytes));
  } catch {
    // An unknown CHARSET label: UTF-8 is what every current phone writes.
    return new TextDecoder('utf-8').decode(Buffer.from(bytes));
  }
}

interface Param {
  key: string;
  value: string;
}

function splitParams(part: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of part) {
    if (ch === '"') quoted = !quoted;
    if (ch === ';' && !quoted) {
      out.push(cur);
      cur = '';
    } else {
      cur += ch;
    }
  }
  out.push(cur);
  return out;
}

const quoteIfNeeded = (v: string) => (/[:;,]/.test(v) ? `"${v.replace(/"/g, '')}"` : v);

/** Rewrites one logical line of a card of `version` into syntax ical.js reads. */
function rewriteLine(line: string, v21: boolean): string {
  const colon = nameEnd(line);
  if (colon < 0) return line;
  const [name = '', ...paramParts] = splitParams(line.slice(0, colon));
  let value = line.slice(colon + 1);
  const prop = (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : name).toUpperCase();
  if (prop === 'VERSION') return v21 ? 'VERSION:3.0' : line;
  const qp = isQuotedPrintable(line);
  if (!v21 && !qp) return line;

  const params: Param[] = [];
  const types: string[] = [];
  let encoding = '';
  let charset = '';
  for (const p of paramParts) {
    const eq = p.indexOf('=');
    const key = (eq < 0 ? '' : p.slice(0, eq)).trim().toUpperCase();
    const val = eq < 0 ? p.trim() : p.slice(eq + 1).trim();
    if (!key && ENCODINGS.has(val.toUpperCase())) encoding = val.toUpperCase();
    else if (!key || key === 'TYPE') types.push(...val.split(',').filter(Boolean));
    else if (key === 'ENCODING') encoding = val.toUpperCase();
    else if (key === 'CHARSET') charset = val;
    else params.push({ key, value: val });
  }

  let out: string;
  if (BINARY.has(prop) && (encoding === 'BASE64' || encoding === 'B')) {
    out = value.replace(/\s+/g, '');
    params.push({ key: 'ENCODING', value: 'b' });
  } else {
    if (qp) value = decodeQuotedPrintable(value, charset);
    const unescape21 = (s: string) => s.replace(/\\;/g, ';');
    if (STRUCTURED.has(prop)) {
      out = splitUnescaped(value, ';')
        .map((s) => escapeText(v21 || qp ? unescape21(s) : s))
        .join(';');
    } else if (LISTS.has(prop)) {
      out = value
        .split(',')
        .map((s) => escapeText(unescape21(s), false))
        .join(',');
    } else {
      out = escapeText(unescape21(value), prop.startsWith('X-'));
    }
  }
  const head = [name, ...(types.length ? [`TYPE=${types.map(quoteIfNeeded).join(',')}`] : [])];
  for (const p of params) head.push(`${p.key}=${p.value}`);
  return `${head.join(';')}:${out}`;
}

const VERSION_RE = /^VERSION:/i;
/** `VERSION_RE` of the line, trimmed when `trim`; most lines are ruled out by their first letter. */
function isVersion(line: string, trim = false): boolean {
  const first = line.charCodeAt(0) | 0x20;
  if (first >= 0x61 && first <= 0x7a && first !== 0x76) return false;
  return VERSION_RE.test(trim ? line.trim() : line);
}

/** A card's lines as ical.js can read them, between BEGIN and END. */
export function normaliseCard(lines: readonly string[]): string {
  const version =
    lines
      .find((l) => isVersion(l, true))
      ?.split(':')[1]
      ?.trim() ?? '3.0';
  const v21 = version === '2.1' || version === '2.0';
  // 3.0 and 4.0 lines pass through unless QUOTED-PRINTABLE: most cards need no rewriting at all
  // (the quick test may also match a value that merely mentions it; those take the long way).
  // The test runs once on the joined lines, which is what most cards answer as they are.
  const joined = v21 ? '' : lines.join('\r\n');
  const plain = !v21 && !QP_ANYWHERE.test(joined);
  const body = plain ? lines : lines.map((l) => rewriteLine(l, v21));
  const versionAt = body.findIndex((l) => isVersion(l));
  if (versionAt === 0 && !body.some((l, i) => i > 0 && isVersion(l))) {
    return `BEGIN:VCARD\r\n${plain ? joined : body.join('\r\n')}\r\nEND:VCARD`;
  }
  // vCard 4.0 must name its version first; 3.0 has no such rule, so the order is fixed here.
  const versionLine = body[versionAt] ?? 'VERSION:3.0';
  const rest = body.filter((l) => !isVersion(l));
  return ['BEGIN:VCARD', versionLine, ...rest, 'END:VCARD'].join('\r\n');
}
