import { hash as digest } from 'node:crypto';

/**
 * The contacts' content hash (their identity for "identical" and for repeated imports) as
 * migration 019 computes it for the contacts it rewrites, frozen as it was written: a
 * migration keeps doing what it did, however the live contacts code changes later.
 */

type Entry = Record<string, unknown>;
type Content = Record<string, readonly Entry[]>;

const phoneKey = (number: string) => number.replace(/[\s-]/g, '').replace(/^(?:\+86|0086)/, '');
const emailKey = (address: string) => address.trim().toLowerCase();

/** The JSON of a list of each entry's key as JSON, in sorted order. */
function sorted(list: readonly Entry[] | undefined, key: (e: Entry) => unknown): string {
  const entries = list as readonly Entry[];
  if (entries.length === 0) return '[]';
  if (entries.length === 1) return `[${JSON.stringify(JSON.stringify(key(entries[0] as Entry)))}]`;
  return JSON.stringify(entries.map((e) => JSON.stringify(key(e))).sort());
}

/**
 * The content with phones and e-mails in one spelling, entries in a fixed order, primary flags,
 * groups and the avatar left out.
 */
function identityOf(c: Content): string {
  const lists = [
    sorted(c.name, (n) => [n.display_name, n.given_name, n.phonetic_family_name]),
    sorted(c.organization, (o) => [o.company, o.title, o.type]),
    sorted(c.phone, (p) => [phoneKey(p.number as string), p.type]),
    sorted(c.email, (e) => [emailKey(e.address as string), e.type]),
    sorted(c.im, (i) => [i.protocol, i.custom_protocol, i.address, i.type]),
    sorted(c['postal-address'], (a) => [a.formatted_address, a.street, a.type]),
    sorted(c.event, (e) => [e.start_date, e.lunar_or_solar, e.type]),
    sorted(c.note, (n) => n.note),
    sorted(c.nickname, (n) => [n.name, n.type]),
    sorted(c.website, (w) => [w.url, w.type]),
  ];
  return `[${lists.join(',')}]`;
}

export function contentHash(content: Record<string, unknown>): string {
  return digest('sha256', identityOf(content as Content));
}
