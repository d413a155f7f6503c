import { hash } from 'node:crypto';
import { formatSmsAddress } from '@phonecloud/shared';

export interface IncomingPicture {
  mime: string;
  name: string;
  /** A Buffer; a plain Uint8Array once it has crossed from a worker thread. */
  bytes: Uint8Array;
}

/** One message as a phone or a backup file states it. */
export interface IncomingMessage {
  address: string;
  body: string;
  date: number;
  type: number;
  read: number;
  locked: number;
  pictures?: IncomingPicture[];
}

/** A message with its conversation address, import key and pictures' SHA-256 worked out. */
export interface PreparedMessage {
  m: IncomingMessage;
  address: string;
  key: string;
  pictures: string[];
}

/**
 * What identifies a message on the phone: the same backup read twice gives the same keys. The
 * date leads (fixed-width base 36), so a backup written in date order fills the unique index
 * at its end instead of at random places; 72 bits of hash follow, so messages of the same
 * millisecond never share a key by chance.
 */
export function importKey(m: IncomingMessage, address: string, pictureKeys: readonly string[]): string {
  // The one-shot hash: an import hashes 200,000 of these, and a Hash object each costs double.
  const digest = hash('sha256', JSON.stringify([address, m.date, m.type, m.body, pictureKeys]), 'base64url');
  return `${Math.max(0, m.date).toString(36).padStart(9, '0')}${digest.slice(0, 12)}`;
}

const sha256 = (b: Uint8Array) => hash('sha256', b, 'hex');

/**
 * Works out what writing needs and needs no database: the address, the import key, the
 * pictures' hashes. Messages without a usable address, and repeats inside the batch, drop out.
 */
export function prepareBatch(batch: readonly IncomingMessage[]): PreparedMessage[] {
  const prepared: PreparedMessage[] = [];
  const seen = new Set<string>();
  for (const m of batch) {
    const address = formatSmsAddress(m.address);
    if (!address) continue;
    const pictures = (m.pictures ?? []).map((p) => sha256(p.bytes));
    const key = importKey(m, address, pictures);
    if (seen.has(key)) continue;
    seen.add(key);
    prepared.push({ m, address, key, pictures });
  }
  return prepared;
}
