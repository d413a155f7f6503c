import { CompiledQuery, type Insertable, type Kysely, PostgresAdapter, type Selectable, sql } from 'kysely';
import { ChangeLog } from '../../db/change-log.js';
import { chunked } from '../../db/chunked.js';
import type { Database, SmsMessagesTable } from '../../db/schema.js';
import { SyncBookRepo } from '../../db/sync-book.js';

/** @package */
export type MessageRow = Selectable<SmsMessagesTable>;
/** @package */
export type NewMessageRow = Insertable<SmsMessagesTable>;
/** @package */
export interface ConversationRow {
  address: string;
  count: number;
  locked_count: number;
  last_date: number;
  last_id: number;
}

const MESSAGE_COLUMNS = [
  'user_id',
  'id',
  'address',
  'body',
  'date',
  'type',
  'locked',
  'read',
  'optime',
  'import_key',
  'attachments',
  'size',
] as const satisfies readonly (keyof NewMessageRow)[];
const INSERT_ROWS = 500;
const insertTexts = new Map<string, string>();

/** What a message and a text-only copy of it share: conversation, time, direction and text. */
export function twinOf(address: string, date: number, type: number, body: string): string {
  return JSON.stringify([address, date, type, body]);
}

/** `INSERT INTO sms_messages (...) VALUES (...), ...` for `rows` rows. */
function insertText(rows: number, numbered: boolean): string {
  const key = `${rows} ${numbered}`;
  let text = insertTexts.get(key);
  if (text === undefined) {
    let p = 0;
    const tuple = () => `(${MESSAGE_COLUMNS.map(() => (numbered ? `$${++p}` : '?')).join(',')})`;
    const tuples = Array.from({ length: rows }, tuple);
    text = `INSERT INTO sms_messages (${MESSAGE_COLUMNS.map((c) => `"${c}"`).join(',')}) VALUES ${tuples.join(',')}`;
    if (insertTexts.size > 16) insertTexts.clear();
    insertTexts.set(key, text);
  }
  return text;
}

const UPSERT_ROWS = 500;
const NEWER =
  '(excluded.last_date > sms_conversations.last_date OR ' +
  '(excluded.last_date = sms_conversations.last_date AND excluded.last_id > sms_conversations.last_id))';
const upsertTexts = new Map<string, string>();

/** Adds counts into conversation rows (created when new), keeping the newest message's date and id. */
function upsertText(rows: number, numbered: boolean): string {
  const key = `${rows} ${numbered}`;
  let text = upsertTexts.get(key);
  if (text === undefined) {
    let p = 0;
    const tuple = () => `(${Array.from({ length: 6 }, () => (numbered ? `$${++p}` : '?')).join(',')})`;
    text =
      'INSERT INTO sms_conversations (user_id, address, count, locked_count, last_date, last_id) VALUES ' +
      `${Array.from({ length: rows }, tuple).join(',')} ON CONFLICT (user_id, address) DO UPDATE SET ` +
      'count = sms_conversations.count + excluded.count, ' +
      'locked_count = sms_conversations.locked_count + excluded.locked_count, ' +
      `last_date = CASE WHEN ${NEWER} THEN excluded.last_date ELSE sms_conversations.last_date END, ` +
      `last_id = CASE WHEN ${NEWER} THEN excluded.last_id ELSE sms_conversations.last_id END`;
    if (upsertTexts.size > 16) upsertTexts.clear();
    upsertTexts.set(key, text);
  }
  return text;
}

/**
 * Past this many changed conversations a refresh is a full reload (1009).
 * @package
 */
export const REFRESH_MAX_CHANGES = 500;
/**
 * The change-log address that stands for every conversation (no address is empty).
 * @package
 */
export const EVERYTHING = '';

/**
 * The change log's rows for the conversations a version touched; past REFRESH_MAX_CHANGES of
 * them one row `EVERYTHING` stands for all (the browser reloads the list anyway, and an
 * import's batches do not write a row per conversation).
 * @package
 */
export function conversationChanges(addresses: Iterable<string>): Array<{ address: string }> {
  const list = [...new Set(addresses)];
  return (list.length > REFRESH_MAX_CHANGES ? [EVERYTHING] : list).map((address) => ({ address }));
}

const conversationOf = (r: ConversationRow): ConversationRow => ({
  address: r.address,
  count: Number(r.count),
  locked_count: Number(r.locked_count),
  last_date: Number(r.last_date),
  last_id: Number(r.last_id),
});

/**
 * Every query of the SMS area; each filters by user_id first. Works on a transaction too.
 * @package
 */
export class SmsRepo extends SyncBookRepo {
  constructor(db: Kysely<Database>) {
    super(db, 'sms_boxes');
  }

  // --- conversations ---

  /** Newest first. */
  async conversations(userId: number): Promise<ConversationRow[]> {
    const rows = await this.db
      .selectFrom('sms_conversations')
      .select(['address', 'count', 'locked_count', 'last_date', 'last_id'])
      .where('user_id', '=', userId)
      .orderBy('last_date', 'desc')
      .orderBy('last_id', 'desc')
      .execute();
    return rows.map(conversationOf);
  }

  async conversation(userId: number, address: string): Promise<ConversationRow | undefined> {
    const row = await this.db
      .selectFrom('sms_conversations')
      .select(['address', 'count', 'locked_count', 'last_date', 'last_id'])
      .where('user_id', '=', userId)
      .where('address', '=', address)
      .executeTakeFirst();
    return row && conversationOf(row);
  }

  async conversationsOf(userId: number, addresses: readonly string[]): Promise<ConversationRow[]> {
    const out: ConversationRow[] = [];
    for (const part of chunked(addresses)) {
      const rows = await this.db
        .selectFrom('sms_conversations')
        .select(['address', 'count', 'locked_count', 'last_date', 'last_id'])
        .where('user_id', '=', userId)
        .where('address', 'in', part)
        .execute();
      out.push(...rows.map(conversationOf));
    }
    return out;
  }

  /** Counts messages just added into their conversations' rows (created when new). */
  async addToConversations(
    userId: number,
    rows: readonly Pick<NewMessageRow, 'address' | 'id' | 'date' | 'locked'>[],
  ): Promise<void> {
    const by = new Map<string, ConversationRow>();
    for (const r of rows) {
      const id = Number(r.id);
      const date = Number(r.date);
      const c = by.get(r.address) ?? {
        address: r.address,
        count: 0,
        locked_count: 0,
        last_date: date,
        last_id: id,
      };
      c.count++;
      c.locked_count += Number(r.locked);
      if (date > c.last_date || (date === c.last_date && id > c.last_id)) {
        c.last_date = date;
        c.last_id = id;
      }
      by.set(r.address, c);
    }
    const numbered = this.db.getExecutor().adapter instanceof PostgresAdapter;
    for (const part of chunked([...by.values()], UPSERT_ROWS)) {
      const params: unknown[] = [];
      for (const c of part) params.push(userId, c.address, c.count, c.locked_count, c.last_date, c.last_id);
      await this.db.executeQuery(CompiledQuery.raw(upsertText(part.length, numbered), params));
    }
  }

  async addLockedCount(userId: number, address: string, delta: number): Promise<void> {
    await this.db
      .updateTable('sms_conversations')
      .set((eb) => ({ locked_count: eb('locked_count', '+', delta) }))
      .where('user_id', '=', userId)
      .where('address', '=', address)
      .execute();
  }

  // --- messages ---

  message(userId: number, id: number): Promise<MessageRow | undefined> {
    return this.db
      .selectFrom('sms_messages')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async messages(userId: number, ids: readonly number[]): Promise<MessageRow[]> {
    const out: MessageRow[] = [];
    for (const part of chunked(ids)) {
      out.push(
        ...(await this.db
          .selectFrom('sms_messages')
          .selectAll()
          .where('user_id', '=', userId)
          .where('id', 'in', part)
          .execute()),
      );
    }
    return out;
  }

  /** Favourite messages of these conversations (read through the conversation index). */
  async lockedMessages(userId: number, addresses: readonly string[]): Promise<MessageRow[]> {
    const out: MessageRow[] = [];
    for (const part of chunked(addresses)) {
      out.push(
        ...(await this.db
          .selectFrom('sms_messages')
          .selectAll()
          .where('user_id', '=', userId)
          .where('address', 'in', part)
          .where('locked', '=', 1)
          .execute()),
      );
    }
    return out;
  }

  /** Up to `limit` messages of a conversation older than `before` (date, id), newest first. */
  olderPage(
    userId: number,
    address: string,
    before: { date: number; id: number } | null,
    limit: number,
  ): Promise<MessageRow[]> {
    let q = this.db
      .selectFrom('sms_messages')
      .selectAll()
      .where('user_id', '=', userId)
      .where('address', '=', address);
    if (before) {
      q = q.where((eb) =>
        eb.or([
          eb('date', '<', before.date),
          eb.and([eb('date', '=', before.date), eb('id', '<', before.id)]),
        ]),
      );
    }
    return q.orderBy('date', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /** Every message of a conversation from `from` (date, id) on, newest first. */
  fromOn(userId: number, address: string, from: { date: number; id: number }): Promise<MessageRow[]> {
    return this.db
      .selectFrom('sms_messages')
      .selectAll()
      .where('user_id', '=', userId)
      .where('address', '=', address)
      .where((eb) =>
        eb.or([eb('date', '>', from.date), eb.and([eb('date', '=', from.date), eb('id', '>=', from.id)])]),
      )
      .orderBy('date', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** The user's messages in id order after `afterId` (keyset pages for the export). */
  messagesAfter(userId: number, afterId: number, limit: number): Promise<MessageRow[]> {
    return this.db
      .selectFrom('sms_messages')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async setLocked(userId: number, id: number, locked: number, optime: number): Promise<void> {
    await this.db
      .updateTable('sms_messages')
      .set({ locked, optime })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  /** Removes a conversation's messages; answers the attachment lists of the removed ones. */
  async deleteConversation(userId: number, address: string): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('sms_messages')
      .where('user_id', '=', userId)
      .where('address', '=', address)
      .returning('attachments')
      .execute();
    await this.db
      .deleteFrom('sms_conversations')
      .where('user_id', '=', userId)
      .where('address', '=', address)
      .execute();
    return rows.flatMap((r) => (r.attachments ? (JSON.parse(r.attachments) as string[]) : []));
  }

  /** Removes one message; answers its attachment list (empty without pictures). */
  async deleteMessage(userId: number, id: number): Promise<string[]> {
    const row = await this.db
      .deleteFrom('sms_messages')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returning('attachments')
      .executeTakeFirst();
    return row?.attachments ? (JSON.parse(row.attachments) as string[]) : [];
  }

  /**
   * A conversation's row after one of its messages left: one fewer (and one fewer favourite when
   * it was one), its newest message read again; the row goes with its last message.
   */
  async afterMessageDeleted(userId: number, address: string, wasLocked: boolean): Promise<void> {
    const newest = await this.olderPage(userId, address, null, 1);
    const last = newest[0];
    if (!last) {
      await this.db
        .deleteFrom('sms_conversations')
        .where('user_id', '=', userId)
        .where('address', '=', address)
        .execute();
      return;
    }
    await this.db
      .updateTable('sms_conversations')
      .set((eb) => ({
        count: eb('count', '-', 1),
        locked_count: eb('locked_count', '-', wasLocked ? 1 : 0),
        last_date: Number(last.date),
        last_id: Number(last.id),
      }))
      .where('user_id', '=', userId)
      .where('address', '=', address)
      .execute();
  }

  /** Records a message deleted at `version`, for the phone's next pull. */
  async recordMessageDelete(userId: number, version: number, id: number, address: string): Promise<void> {
    await this.db
      .insertInto('sms_message_deletes')
      .values({ user_id: userId, sync_version: version, id, address })
      .execute();
  }

  /** The messages deleted after `version`, oldest deletion first. */
  messagesDeletedSince(userId: number, version: number): Promise<Array<{ id: number; address: string }>> {
    return this.db
      .selectFrom('sms_message_deletes')
      .select(['id', 'address'])
      .where('user_id', '=', userId)
      .where('sync_version', '>', version)
      .orderBy('sync_version')
      .orderBy('id')
      .execute();
  }

  /** Drops the message deletions at or below the change log's new floor (compacted with it). */
  async compactMessageDeletes(userId: number, floor: number): Promise<void> {
    await this.db
      .deleteFrom('sms_message_deletes')
      .where('user_id', '=', userId)
      .where('sync_version', '<=', floor)
      .execute();
  }

  /**
   * Inserts messages the box does not have (the caller checked their import keys under the box's
   * lock). One statement text per row count, kept: an import writes 200,000 rows with it.
   */
  async insertMessages(rows: readonly NewMessageRow[]): Promise<void> {
    const numbered = this.db.getExecutor().adapter instanceof PostgresAdapter;
    for (const part of chunked(rows, INSERT_ROWS)) {
      const params: unknown[] = [];
      for (const r of part) for (const c of MESSAGE_COLUMNS) params.push(r[c] ?? null);
      await this.db.executeQuery(CompiledQuery.raw(insertText(part.length, numbered), params));
    }
  }

  /**
   * The import keys among `keys` the box has already. Keys lead with the date, so those above
   * the box's greatest key are new without looking (a backup read in date order, batch after
   * batch, looks nothing up).
   */
  async knownImportKeys(userId: number, keys: readonly string[]): Promise<Set<string>> {
    const out = new Set<string>();
    // Compared byte by byte, as JavaScript compares these ASCII keys (PostgreSQL's default
    // collation may follow a locale).
    const postgres = this.db.getExecutor().adapter instanceof PostgresAdapter;
    const top = await this.db
      .selectFrom('sms_messages')
      .select(
        postgres
          ? sql<string | null>`max(import_key COLLATE "C")`.as('k')
          : sql<string | null>`max(import_key)`.as('k'),
      )
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const greatest = top?.k ?? null;
    if (greatest === null) return out;
    const candidates = keys.filter((k) => k <= greatest);
    for (const part of chunked(candidates, 2000)) {
      const rows = await this.db
        .selectFrom('sms_messages')
        .select('import_key')
        .where('user_id', '=', userId)
        .where('import_key', 'in', part)
        .execute();
      for (const r of rows) out.add(r.import_key);
    }
    return out;
  }

  /**
   * The messages with pictures among dates `from`..`to`, as identities (`twinOf`): an import
   * skips a text-only copy of one of them (partial index `sms_messages_mms`).
   */
  async pictureMessagesBetween(userId: number, from: number, to: number): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('sms_messages')
      .select(['address', 'date', 'type', 'body'])
      .where('user_id', '=', userId)
      .where('attachments', 'is not', null)
      .where('date', '>=', from)
      .where('date', '<=', to)
      .execute();
    return new Set(rows.map((r) => twinOf(r.address, Number(r.date), r.type, r.body)));
  }

  /**
   * A text-only message that copies one with pictures (same conversation, time, direction and
   * text): the MMS, imported after its copy, fills it in instead of being added beside it.
   */
  async plainTwin(
    userId: number,
    m: { address: string; date: number; type: number; body: string },
  ): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('sms_messages')
      .select('id')
      .where('user_id', '=', userId)
      .where('address', '=', m.address)
      .where('date', '=', m.date)
      .where('type', '=', m.type)
      .where('body', '=', m.body)
      .where('attachments', 'is', null)
      .orderBy('id')
      .executeTakeFirst();
    return row === undefined ? undefined : Number(row.id);
  }

  /** Gives a text-only copy the MMS's pictures and import key: it is that message now. */
  async fillTwin(
    userId: number,
    id: number,
    fill: { attachments: string; import_key: string; optime: number },
  ): Promise<void> {
    await this.db
      .updateTable('sms_messages')
      .set(fill)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  /** Whether any message of the user still names this picture. */
  async attachmentInUse(userId: number, key: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sms_messages')
      .select('id')
      .where('user_id', '=', userId)
      .where('attachments', 'like', `%${key}%`)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async messageBytes(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('sms_messages')
      .select((eb) => eb.fn.sum<number>('size').as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async countMessages(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('sms_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Which conversations each version touched (`EVERYTHING`: all of them). */
  readonly log = new ChangeLog(this.db, { table: 'sms_changes', book: 'sms_boxes', keys: ['address'] });
}
