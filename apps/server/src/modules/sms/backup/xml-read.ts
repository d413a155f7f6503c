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
  let bytes = 0;
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  let batch: IncomingMessage[] = [];
  let index = 0;
  let entryLine = 0;
  let mms: MmsDraft | null = null;
  // Set between the start of an entry's tag and its end: an error there breaks that entry.
  let inEntryTag = false;
  let tagProblem: string | null = null;
  let fatal: string | null = null;

  const broken = (reason: string) => opts.onBroken({ index, line: entryLine, reason });
  const take = (m: IncomingMessage | string) => {
    if (typeof m === 'string') broken(m);
    else {
      batch.push(m);
      bytes += m.body.length * 2;
      for (const p of m.pictures ?? []) bytes += p.bytes.length;
    }
  };

  parser.on('opentagstart', (tag) => {
    if (tag.name !== 'sms' && tag.name !== 'mms') return;
    index++;
    entryLine = parser.line;
    inEntryTag = true;
    tagProblem = null;
  });
  parser.on('opentag', (tag) => {
    const a = tag.attributes;
    switch (tag.name) {
      case 'sms':
        inEntryTag = false;
        take(tagProblem ?? smsOf(a));
        break;
      case 'mms':
        inEntryTag = false;
        mms = { attrs: a, texts: [], pictures: [], problem: tagProblem };
        break;
      case 'part': {
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
    if (tag.name === 'mms' && mms) {
      take(mmsOf(mms));
      mms = null;
    }
  });
  parser.on('error', (err) => {
    const reason = `broken XML: ${err.message}`;
    if (inEntryTag) tagProblem ??= reason;
    else if (mms) mms.problem ??= reason;
    else fatal ??= err.message;
  });

  const decoder = new StringDecoder('utf8');
  const fix = repairer();
  for await (const chunk of stream) {
    parser.write(fix.write(decoder.write(chunk as Buffer)));
    if (batch.length >= batchSize || bytes >= batchBytes) {
      bytes = 0;
      const full = batch;
      batch = [];
      await opts.onBatch(full);
    }
  }
  parser.write(fix.write(decoder.end()) + fix.end());
  parser.close();
  if (mms) broken('the file ends inside this entry');
  if (batch.length > 0) await opts.onBatch(batch);
  if (fatal !== null) {
    if (index === 0) throw new Error(`not an SMS backup file: ${fatal}`);
    opts.onBroken({ index: 0, line: parser.line, reason: `broken XML between entries: ${fatal}` });
  }
  return index;
}
