import {
  cleanSmsQuery,
  formatSmsAddress,
  SMS_SEARCH_MAX,
  SMS_SEARCH_PAGE,
  type SmsSearchResult,
} from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import { ContactNames } from './contact-names.js';
import { itemOf, summaryOf } from './items.js';
import { type MessageRow, SmsRepo } from './repo.js';
import { scanBodies } from './search-corpus.js';

/**
 * Search over the whole box (spec 001 §5): a contact's display name and the address give the
 * name matches, the bodies give the message matches (newest first, in pages), found in the
 * box's bodies held in memory (search-corpus.ts; docs/sms.md tells why). Case is folded here,
 * not by the caller.
 */
export class SmsSearch {
  private readonly repo: SmsRepo;
  private readonly names: ContactNames;
  constructor(private readonly deps: AppDeps) {
    this.repo = new SmsRepo(deps.db);
    this.names = new ContactNames(deps.db);
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
    const version = await this.repo.syncVersion(userId);
    const { ids, total } = await scanBodies(this.deps.db, userId, version, query, offset, SMS_SEARCH_PAGE);
    const rows = await this.repo.messages(userId, ids);
    const order = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => (order.get(Number(a.id)) ?? 0) - (order.get(Number(b.id)) ?? 0));
    return { rows, total };
  }
}
