import { createHash } from 'node:crypto';
import { formatSmsAddress } from '@phonecloud/shared';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';

/**
 * The phone's messages file, `sms.xml`, in the "SMS Backup & Restore" format (the Android app's,
 * the one the portal's SMS import reads): `<smses>` with one `<sms>` per message. fast-xml-parser
 * reads and writes it. An `<mms>` entry written by the app is read as its text parts, and kept
 * whole (pictures, addresses, every attribute) to be written back as the same `<mms>`: written
 * as a plain `<sms>` it would lose its pictures, and a later import would add a text-only copy.
 */
export interface PhoneMessage {
  address: string;
  body: string;
  /** Epoch ms. */
  date: number;
  /** 1 received, 2 sent. */
  type: number;
  read: 0 | 1;
  locked: 0 | 1;
  /** The `<mms>` element as read (parser's shape), for an MMS: written back unchanged. */
  mms?: Record<string, unknown>;
}

/** An element as fast-xml-parser answers it: attributes under '@_' names, children by tag name. */
type Attrs = Record<string, string | undefined>;
interface MmsNode {
  attrs: Attrs;
  parts: Attrs[];
  raw: Record<string, unknown>;
}
const A = '@_';
/** The attributes of an element, by their names without the prefix. */
function attrsOf(node: unknown): Attrs {
  const out: Attrs = {};
  if (!node || typeof node !== 'object') return out;
  for (const [k, v] of Object.entries(node))
    if (k.startsWith(A) && typeof v === 'string') out[k.slice(A.length)] = v;
  return out;
}
function mmsOf(node: unknown): MmsNode {
  const parts = (node as { parts?: { part?: unknown[] } } | undefined)?.parts?.part ?? [];
  return { attrs: attrsOf(node), parts: parts.map(attrsOf), raw: (node ?? {}) as Record<string, unknown> };
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: A,
  parseAttributeValue: false,
  parseTagValue: false,
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => name === 'sms' || name === 'mms' || name === 'part',
});

const integer = (v: string | undefined, fallback: number) => {
  const n = Number(v);
  return v !== undefined && v.trim() !== '' && Number.isInteger(n) ? n : fallback;
};
const flag = (v: string | undefined): 0 | 1 => (integer(v, 0) === 1 ? 1 : 0);
const text = (v: string | undefined) => (v === undefined || v === 'null' ? '' : v);

// The Android app writes a character outside the BMP (an emoji) as two character references,
// one per UTF-16 half, which XML does not allow (the parser would drop them): joined first.
const SURROGATE_PAIR = /&#(5[5-6]\d{3});&#(5[6-7]\d{3});/g;
const joinPairs = (xml: string) =>
  xml.replace(SURROGATE_PAIR, (whole, hi: string, lo: string) => {
    const h = Number(hi);
    const l = Number(lo);
    return h >= 0xd800 && h <= 0xdbff && l >= 0xdc00 && l <= 0xdfff ? String.fromCharCode(h, l) : whole;
  });

/** Every message of the file, oldest first; entries without an address or a date are skipped. */
export function readSmsXml(xml: string): PhoneMessage[] {
  if (!xml.trim()) return [];
  const doc = parser.parse(joinPairs(xml)) as { smses?: { sms?: unknown[]; mms?: unknown[] } | string };
  const root = typeof doc.smses === 'object' ? doc.smses : {};
  const out: PhoneMessage[] = [];
  for (const a of (root.sms ?? []).map(attrsOf)) {
    const address = text(a.address).trim();
    const date = integer(a.date, 0);
    if (!address || date <= 0) continue;
    out.push({
      address,
      body: text(a.body),
      date,
      type: integer(a.type, 1),
      read: a.read === undefined ? 1 : flag(a.read),
      locked: flag(a.locked),
    });
  }
  for (const { attrs: m, parts, raw } of (root.mms ?? []).map(mmsOf)) {
    const address = text(m.address).split('~')[0]?.trim() ?? '';
    const date = integer(m.date, 0);
    if (!address || date <= 0) continue;
    const body = parts
      .filter((p) => (p.ct ?? '').toLowerCase() === 'text/plain')
      .map((p) => text(p.text))
      .join('\n');
    // MMS dates are in seconds in some versions of the app.
    const ms = date < 1e12 ? date * 1000 : date;
    out.push({
      address,
      body,
      date: ms,
      type: integer(m.msg_box, 1),
      read: m.read === undefined ? 1 : flag(m.read),
      locked: flag(m.locked),
      mms: raw,
    });
  }
  return out.sort((a, b) => a.date - b.date);
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The app's readable_date, in China time (the product's time zone). */
function readable(ms: number): string {
  const d = new Date(ms + 8 * 3600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

// XML 1.0 allows tab, line feed and carriage return below 0x20; the rest cannot be written.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: A,
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  processEntities: true,
});

/** Line ends inside an attribute are written as character references, or a reader turns them into spaces. */
const keepLineEnds = (xml: string) =>
  xml.replace(/="([^"]*)"/g, (_m, v: string) => `="${v.replace(/\n/g, '&#10;').replace(/\r/g, '&#13;')}"`);

const prefixed = (attrs: Record<string, string>) =>
  Object.fromEntries(Object.entries(attrs).map(([k, v]) => [`${A}${k}`, v]));

/** The whole file, oldest message first, as the app writes a full backup. */
export function writeSmsXml(messages: readonly PhoneMessage[], backupDate = Date.now()): string {
  const sorted = [...messages].sort((a, b) => a.date - b.date);
  const mms = sorted.flatMap((m) => (m.mms ? [mmsAsKept(m)] : []));
  const sms = sorted
    .filter((m) => !m.mms)
    .map((m) =>
      prefixed({
        protocol: '0',
        address: m.address.replace(NOT_XML, ''),
        date: String(m.date),
        type: String(m.type),
        subject: 'null',
        body: m.body.replace(NOT_XML, ''),
        toa: 'null',
        sc_toa: 'null',
        service_center: 'null',
        read: String(m.read),
        status: '-1',
        locked: String(m.locked),
        date_sent: '0',
        readable_date: readable(m.date),
        contact_name: '(Unknown)',
      }),
    );
  const count = String(sms.length + mms.length);
  const xml = builder.build({
    smses: { ...prefixed({ count, backup_date: String(backupDate), type: 'full' }), sms, mms },
  }) as string;
  return `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n${keepLineEnds(xml)}`;
}

/** An MMS as read, with the flags the cloud may have changed since (favourite, read). */
function mmsAsKept(m: PhoneMessage): Record<string, unknown> {
  return { ...m.mms, [`${A}read`]: String(m.read), [`${A}locked`]: String(m.locked) };
}

/**
 * A message's identity: the conversation (normalised address), time, direction and text. The
 * cloud answers the same message with its normalised address, so both sides name it alike.
 */
export function messageKey(m: Pick<PhoneMessage, 'address' | 'date' | 'type' | 'body'>): string {
  return createHash('sha1')
    .update(`${formatSmsAddress(m.address)}\u0000${m.date}\u0000${m.type}\u0000${m.body}`)
    .digest('base64url');
}
