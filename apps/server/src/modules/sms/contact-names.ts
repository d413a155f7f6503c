import { CONTACT_CLOUD_BASE, formatSmsAddress, type SmsContactIcon } from '@phonecloud/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

interface StoredContact {
  server_id?: string;
  content?: { name?: { display_name?: string }[]; phone?: { number?: string }[] };
  attachment?: { cloud_path?: string }[];
}
interface Book {
  version: number;
  byAddress: Map<string, SmsContactIcon>;
}

// The books read last, keyed by user; a change of the book (its sync_version) reads it again,
// so a renamed or removed contact shows right at the next call.
// Keyed by database too: tests run several servers over databases whose user ids overlap.
const BOOKS_KEPT = 16;
const cache = new WeakMap<object, Map<number, Book>>();

/**
 * Names and avatars of the contacts book by phone number, read straight from the contacts
 * tables (read-only; the areas do not call each other's services). The first contact in id
 * order that has a number wins it.
 */
export class ContactNames {
  constructor(private readonly db: Kysely<Database>) {}

  private async book(userId: number): Promise<Book> {
    const head = await this.db
      .selectFrom('contact_books')
      .select('sync_version')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const version = Number(head?.sync_version ?? 0);
    let books = cache.get(this.db);
    if (!books) {
      books = new Map();
      cache.set(this.db, books);
    }
    const cached = books.get(userId);
    if (cached && cached.version === version) return cached;
    const byAddress = new Map<string, SmsContactIcon>();
    if (head) {
      const rows = await this.db
        .selectFrom('contacts')
        .select(['id', 'doc'])
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute();
      for (const row of rows) {
        let doc: StoredContact;
        try {
          doc = JSON.parse(row.doc) as StoredContact;
        } catch {
          continue;
        }
        const phones = doc.content?.phone ?? [];
        if (phones.length === 0) continue;
        const cloudPath = doc.attachment?.[0]?.cloud_path;
        const icon: SmsContactIcon = {
          name: [{ display_name: doc.content?.name?.[0]?.display_name ?? '' }],
          contact_id: Number(row.id),
          avatar: cloudPath ? `${CONTACT_CLOUD_BASE}${cloudPath}` : '',
        };
        for (const p of phones) {
          const address = formatSmsAddress(p.number ?? '');
          if (address && !byAddress.has(address)) byAddress.set(address, icon);
        }
      }
    }
    const book = { version, byAddress };
    books.delete(userId);
    books.set(userId, book);
    if (books.size > BOOKS_KEPT) books.delete(books.keys().next().value as number);
    return book;
  }

  /** The contacts of these addresses, keyed by address (addresses with no contact left out). */
  async icons(userId: number, addresses: Iterable<string>): Promise<Record<string, SmsContactIcon>> {
    const { byAddress } = await this.book(userId);
    const out: Record<string, SmsContactIcon> = {};
    for (const a of addresses) {
      const icon = byAddress.get(a);
      if (icon) out[a] = icon;
    }
    return out;
  }

  /** Every address of the book with its contact (search by name). */
  async all(userId: number): Promise<Map<string, SmsContactIcon>> {
    return (await this.book(userId)).byAddress;
  }
}
