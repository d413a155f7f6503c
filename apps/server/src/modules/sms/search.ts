import {
  cleanSmsQuery,
  formatSmsAddress,
  SMS_SEARCH_MAX,
  SMS_SEARCH_PAGE,
  type SmsSearchResult,
} from '@phonecloud/shared';
import { PostgresAdapter, sql } from 'kysely';
import type { AppDeps } from '../../http/context.js';
import { ContactNames } from './contact-names.js';
import { itemOf, summaryOf } from './items.js';
import { type MessageRow, SmsRepo } from './repo.js';

// The trigram index answers queries of three characters and more; shorter ones scan the box.
const TRIGRAM = 3;

/** `%needle%` for LIKE with `\` escaping (the cleaned query holds no backslash of its own). */
function containsPattern(needle: string): string {
  return `%${needle.replace(/[%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Search over the whole box (spec 001 §5): a contact's display name and the address give the
 * name matches, the bodies give the message matches (newest first, in pages). Case is folded
 * by the index (FTS5 trigram, PostgreSQL ILIKE), not by the caller. docs/sms.md tells why.
 */
export class SmsSearch {
  private readonly repo: SmsRepo;
  private readonly names: ContactNames;
  private readonly postgres: boolean;
  constructor(private readonly deps: AppDeps) {
    this.repo = new SmsRepo(deps.db);
    this.names = new ContactNames(deps.db);
    this.postgres = deps.db.getExecutor().adapter instanceof PostgresAdapter;
  }

  async search(userId: number, raw: string, offset: number): Promise<SmsSearchResult> {
    const query = cleanSmsQuery(raw.slice(0, SMS_SEARCH_MAX));
    if (!query) return { name_matches: [], body_matches: [], body_total: 0, contactIcon_list: {} };
    const needle = query.toLowerCase();
    // A number as typed (`+86 138-…`): its + goes with the regex characters, so format it first.
    const asNumber = cleanSmsQuery(formatSmsAddress(raw.slice(0, SMS_SEARCH_MAX))).toLowerCase();
    const [conversations, book] = await Promise.all([
      this.repo.conversations(userId),
      this.names.all(userId),
    ]);
    const nameMatches = conversations.filter((c) => {
      const name = book.get(c.address)?.name[0]?.display_name.toLowerCase() ?? '';
      const address = c.address.toLowerCase();
      return (
        name.includes(needle) || address.includes(needle) || (asNumber !== '' && address.includes(asNumber))
      );
    });
    const { rows, total } = await this.bodies(userId, query, offset);
    const addresses = new Set([...nameMatches.map((c) => c.address), ...rows.map((r) => r.address)]);
    return {
      name_matches: nameMatches.map(summaryOf),
      body_matches: rows.map(itemOf),
      body_total: total,
      contactIcon_list: await this.names.icons(userId, addresses),
    };
  }

  private async bodies(
    userId: number,
    query: string,
    offset: number,
  ): Promise<{ rows: MessageRow[]; total: number }> {
    const db = this.deps.db;
    if (!this.postgres && [...query].length >= TRIGRAM) {
      // The user's rows are the rowid range [userId * 2^32, userId * 2^32 + 2^32).
      const phrase = `"${query.replace(/"/g, '""')}"`;
      const inBox = sql`f.rowid BETWEEN ${userId} * 4294967296 AND ${userId} * 4294967296 + 4294967295`;
      const [page, count] = await Promise.all([
        sql<MessageRow>`
          SELECT m.* FROM sms_fts f
          JOIN sms_messages m ON m.user_id = ${userId} AND m.id = f.rowid - ${userId} * 4294967296
          WHERE sms_fts MATCH ${phrase} AND ${inBox}
          ORDER BY m.date DESC, m.id DESC LIMIT ${SMS_SEARCH_PAGE} OFFSET ${offset}`.execute(db),
        sql<{
          n: number;
        }>`SELECT count(*) AS n FROM sms_fts f WHERE sms_fts MATCH ${phrase} AND ${inBox}`.execute(db),
      ]);
      return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0) };
    }
    const pattern = containsPattern(query);
    const match = this.postgres
      ? sql`body ILIKE ${pattern} ESCAPE '\\'`
      : sql`body LIKE ${pattern} ESCAPE '\\'`;
    const [page, count] = await Promise.all([
      sql<MessageRow>`
        SELECT * FROM sms_messages WHERE user_id = ${userId} AND ${match}
        ORDER BY date DESC, id DESC LIMIT ${SMS_SEARCH_PAGE} OFFSET ${offset}`.execute(db),
      sql<{
        n: number;
      }>`SELECT count(*) AS n FROM sms_messages WHERE user_id = ${userId} AND ${match}`.execute(db),
    ]);
    return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0) };
  }
}
