import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import type { IncomingMessage, IncomingPicture } from '../incoming.js';

/** An entry of the file that could not be read; the ones around it are kept. */
export interface BrokenEntry {
  /** 1-based position among the file's <sms> and <mms> entries. */
  index: number;
  line: number;
  reason: string;
}

export interface ReadOptions {
  /** Entries handed over together (the caller writes each batch in one go). */
  batchSize?: number;
  /** A batch is also handed over once its pictures and texts reach this many bytes. */
  batchBytes?: number;
  onBatch(batch: IncomingMessage[]): Promise<void>;
  onBroken(entry: BrokenEntry): void;
}

const PICTURE_TYPES = /^image\//i;
const NULL = 'null';

function integer(value: string | undefined): number | null {
  if (value === undefined || !/^-?\d{1,16}$/.test(value.trim())) return null;
  return Number(value);
}

/** `<sms>`: address, date (ms), type (1 received), body, read, locked. */
function smsOf(a: Record<string, string>): IncomingMessage | string {
  const address = (a.address ?? '').trim();
  if (!address || address === NULL) return 'no address';
  const date = integer(a.date);
  if (date === null || date <= 0) return `bad date: ${a.date ?? '(none)'}`;
  const type = integer(a.type);
  if (type === null) return `bad type: ${a.type ?? '(none)'}`;
  return {
    address,
    body: a.body === undefined || a.body === NULL ? '' : a.body,
    date,
    type,
    read: integer(a.read) === 0 ? 0 : 1,
    locked: integer(a.locked) === 1 ? 1 : 0,
  };
}

interface MmsDraft {
  attrs: Record<string, string>;
  texts: string[];
  pictures: IncomingPicture[];
  problem: string | null;
}

/** `<mms>`: msg_box 1 received / 2 sent, its text parts joined, its pictures decoded. */
function mmsOf(d: MmsDraft): IncomingMessage | string {
  if (d.problem) return d.problem;
  const a = d.attrs;
  // A group message lists its numbers joined by '~': the conversation is the first one's.
  const address = (a.address ?? '').split('~')[0]?.trim() ?? '';
  if (!address || address === NULL) return 'no address';
  const given = integer(a.date);
  if (given === null || given <= 0) return `bad date: ${a.date ?? '(none)'}`;
  // Some versions of the app write an MMS's date in seconds (Android's MMS store keeps seconds).
  const date = given < 1e12 ? given * 1000 : given;
  const box = integer(a.msg_box);
  if (box === null) return `bad msg_box: ${a.msg_box ?? '(none)'}`;
  if (d.texts.length === 0 && d.pictures.length === 0) return 'no text and no picture';
  return {
    address,
    body: d.texts.join('\n'),
    date,
    type: box === 1 ? 1 : box,
    read: integer(a.read) === 0 ? 0 : 1,
    locked: integer(a.locked) === 1 ? 1 : 0,
    pictures: d.pictures,
  };
}

function pictureOf(p: Record<string, string>, seq: number): IncomingPicture | string {
  const data = p.data ?? '';
  if (!/^[A-Za-z0-9+/=\s]*$/.test(data)) return 'picture data is not base64';
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length === 0) return 'empty picture';
  const name = p.cl && p.cl !== NULL ? p.cl : p.name && p.name !== NULL ? p.name : `part-${seq}`;
  return { mime: (p.ct ?? 'application/octet-stream').toLowerCase(), name, bytes };
}

// The phone app writes characters outside the BMP (emoji) as two character references, one
// per UTF-16 half, which XML does not allow; and some writers leave a bare '&' in a body.
const SURROGATE_PAIR = /&#(5[5-6]\d{3});&#(5[6-7]\d{3});/g;
const BARE_AMPERSAND = /&(?!(?:[A-Za-z][A-Za-z0-9]*|#\d+|#x[0-9A-Fa-f]+);)/g;
// Longest reference held back at a chunk's end for the next chunk to complete.
const CARRY = 16;

function repair(text: string): string {
  return text
    .replace(SURROGATE_PAIR, (whole, hi: string, lo: string) => {
      const h = Number(hi);
      const l = Number(lo);
      return h >= 0xd800 && h <= 0xdbff && l >= 0xdc00 && l <= 0xdfff ? String.fromCharCode(h, l) : whole;
    })
    .replace(BARE_AMPERSAND, '&amp;');
}

/** Repairs the text chunk by chunk, holding back a reference that may continue in the next. */
function repairer() {
  let carry = '';
  return {
    write(text: string): string {
      const all = carry + text;
      let cut = all.length;
      const last = all.lastIndexOf('&');
      if (last !== -1 && last >= all.length - CARRY) {
        cut = last;
        // The first half of a pair whose second half is the reference held back.
        const half = /&#5[5-6]\d{3};$/.exec(all.slice(Math.max(0, cut - 8), cut));
        if (half) cut -= half[0].length;
      }
      carry = all.slice(cut);
      return repair(all.slice(0, cut));
    },
    end(): string {
      const rest = carry;
      carry = '';
      return repair(rest);
    },
  };
}

/**
 * Reads an "SMS Backup & Restore" XML file as a stream (constant memory whatever its size) and
 * hands its messages over in batches. An entry with missing or wrong fields, or broken XML
 * inside it, is reported and skipped; the parser carries on with the next one. Answers the
 * number of entries seen.
 */
export async function readBackup(stream: Readable, opts: ReadOptions): Promise<number> {
  const batchSize = opts.batchSize ?? 1000;
  const batchBytes = opts.batchBytes ?? 32 * 1024 * 1024;
  const parser: Parser = new SaxesParser({ xmlns: false, position: true });
  const st: ReadState = {
    batch: [],
    bytes: 0,
    index: 0,
    entryLine: 0,
    mms: null,
    inEntryTag: false,
    tagProblem: null,
    fatal: null,
  };
  const broken = (reason: string) => opts.onBroken({ index: st.index, line: st.entryLine, reason });
  readEntries(parser, st, broken);

  const decoder = new StringDecoder('utf8');
  const fix = repairer();
  for await (const chunk of stream) {
    parser.write(fix.write(decoder.write(chunk as Buffer)));
    if (st.batch.length >= batchSize || st.bytes >= batchBytes) {
      st.bytes = 0;
      const full = st.batch;
      st.batch = [];
      await opts.onBatch(full);
    }
  }
  parser.write(fix.write(decoder.end()) + fix.end());
  parser.close();
  if (st.mms) broken('the file ends inside this entry');
  if (st.batch.length > 0) await opts.onBatch(st.batch);
  if (st.fatal !== null) {
    if (st.index === 0) throw new Error(`not an SMS backup file: ${st.fatal}`);
    opts.onBroken({ index: 0, line: parser.line, reason: `broken XML between entries: ${st.fatal}` });
  }
  return st.index;
}

type Parser = SaxesParser<{ xmlns: false; position: true }>;

/** What the parser's handlers and the reading loop share. */
interface ReadState {
  batch: IncomingMessage[];
  /** Roughly the memory the batch holds: its texts and pictures. */
  bytes: number;
  /** The entries seen so far; the current one's number. */
  index: number;
  entryLine: number;
  mms: MmsDraft | null;
  /** Set between the start of an entry's tag and its end: an error there breaks that entry. */
  inEntryTag: boolean;
  tagProblem: string | null;
  fatal: string | null;
}

/** Turns each sms, and each mms with its parts, into a message for the batch or a broken entry. */
function readEntries(parser: Parser, st: ReadState, broken: (reason: string) => void): void {
  const take = (m: IncomingMessage | string) => {
    if (typeof m === 'string') broken(m);
    else {
      st.batch.push(m);
      st.bytes += m.body.length * 2;
      for (const p of m.pictures ?? []) st.bytes += p.bytes.length;
    }
  };

  parser.on('opentagstart', (tag) => {
    if (tag.name !== 'sms' && tag.name !== 'mms') return;
    st.index++;
    st.entryLine = parser.line;
    st.inEntryTag = true;
    st.tagProblem = null;
  });
  parser.on('opentag', (tag) => {
    const a = tag.attributes;
    switch (tag.name) {
      case 'sms':
        st.inEntryTag = false;
        take(st.tagProblem ?? smsOf(a));
        break;
      case 'mms':
        st.inEntryTag = false;
        st.mms = { attrs: a, texts: [], pictures: [], problem: st.tagProblem };
        break;
      case 'part': {
        const mms = st.mms;
        if (!mms) break;
        const ct = (a.ct ?? '').toLowerCase();
        if (ct === 'text/plain' && a.text && a.text !== NULL) mms.texts.push(a.text);
        else if (PICTURE_TYPES.test(ct)) {
          const p = pictureOf(a, mms.pictures.length);
          if (typeof p === 'string') mms.problem ??= p;
          else mms.pictures.push(p);
        }
        break;
      }
    }
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 'mms' && st.mms) {
      take(mmsOf(st.mms));
      st.mms = null;
    }
  });
  parser.on('error', (err) => {
    const reason = `broken XML: ${err.message}`;
    if (st.inEntryTag) st.tagProblem ??= reason;
    else if (st.mms) st.mms.problem ??= reason;
    else st.fatal ??= err.message;
  });
}
