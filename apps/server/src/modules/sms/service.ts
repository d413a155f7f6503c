import {
  formatSmsAddress,
  SMS_DETAIL_PAGE,
  type SmsData,
  type SmsDetail,
  type SmsFavouriteResult,
  type SmsItem,
} from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import { BlobIndex } from '../../storage/blob-index.js';
import { changeBox } from './box.js';
import { ContactNames } from './contact-names.js';
import { fullReload, notFound } from './errors.js';
import { SmsFileKind, SmsFilesRepo } from './files-repo.js';
import { byNewest, itemOf, summaryOf } from './items.js';
import { type ConversationRow, EVERYTHING, type MessageRow, REFRESH_MAX_CHANGES, SmsRepo } from './repo.js';

/** The box: list, refresh, a conversation's pages, favourites, deleting a conversation or a message. */
export class SmsService {
  readonly repo: SmsRepo;
  private readonly names: ContactNames;
  constructor(private readonly deps: AppDeps) {
    this.repo = new SmsRepo(deps.db);
    this.names = new ContactNames(deps.db);
  }

  async version(userId: number): Promise<number> {
    return await this.repo.syncVersion(userId);
  }

  /** The conversations given, their newest messages and favourites, and their contacts. */
  private async dataOf(userId: number, version: number, conversations: ConversationRow[]): Promise<SmsData> {
    conversations.sort(byNewest);
    const addresses = conversations.map((c) => c.address);
    const withLocked = conversations.filter((c) => c.locked_count > 0);
    const rows = await this.repo.messages(
      userId,
      conversations.map((c) => c.last_id),
    );
    const locked = await this.repo.lockedMessages(
      userId,
      withLocked.map((c) => c.address),
    );
    const sms_list: Record<string, SmsItem> = {};
    for (const r of [...rows, ...locked]) sms_list[String(r.id)] = itemOf(r);
    return {
      sync_version: version,
      sms_list,
      collection_list: conversations.map(summaryOf),
      favourite_list: withLocked.map(summaryOf),
      contactIcon_list: await this.names.icons(userId, addresses),
    };
  }

  async list(userId: number): Promise<SmsData> {
    const version = await this.version(userId);
    return this.dataOf(userId, version, await this.repo.conversations(userId));
  }

  /** What changed since `since`, or 1009 when the log cannot tell (compacted, or not this box's). */
  async refresh(userId: number, since: number): Promise<SmsData> {
    const box = await this.repo.book(userId);
    const current = Number(box?.sync_version ?? 0);
    if (since === current) {
      return {
        sync_version: current,
        sms_list: {},
        collection_list: [],
        favourite_list: [],
        contactIcon_list: {},
      };
    }
    if (since > current || since < Number(box?.log_floor ?? 0)) throw fullReload();
    const addresses = (await this.repo.log.changedSince(userId, since)).map((c) => c.address);
    if (addresses.length > REFRESH_MAX_CHANGES || addresses.includes(EVERYTHING)) throw fullReload();
    const left = await this.repo.conversationsOf(userId, addresses);
    const present = new Set(left.map((c) => c.address));
    const data = await this.dataOf(userId, current, left);
    return { ...data, removed: addresses.filter((a) => !present.has(a)) };
  }

  /**
   * One page of a conversation, answered oldest first: the newest SMS_DETAIL_PAGE messages, or
   * those older than `before`, or (for a favourite or a search hit) everything from `anchor` to
   * the newest plus a page older than it.
   */
  async detail(userId: number, rawAddress: string, before?: number, anchor?: number): Promise<SmsDetail> {
    const address = formatSmsAddress(rawAddress);
    const version = await this.version(userId);
    const conversation = address ? await this.repo.conversation(userId, address) : undefined;
    if (!conversation) throw notFound();
    const at = async (id: number | undefined): Promise<MessageRow | null> => {
      if (id === undefined) return null;
      const row = await this.repo.message(userId, id);
      return row && row.address === address ? row : null;
    };
    const key = (r: MessageRow) => ({ date: Number(r.date), id: Number(r.id) });
    let newestFirst: MessageRow[];
    let hasMore: boolean;
    const anchorRow = await at(anchor);
    if (anchorRow) {
      const newer = await this.repo.fromOn(userId, address, key(anchorRow));
      const older = await this.repo.olderPage(userId, address, key(anchorRow), SMS_DETAIL_PAGE + 1);
      hasMore = older.length > SMS_DETAIL_PAGE;
      newestFirst = [...newer, ...older.slice(0, SMS_DETAIL_PAGE)];
    } else {
      const beforeRow = await at(before);
      if (before !== undefined && !beforeRow) throw notFound();
      const page = await this.repo.olderPage(
        userId,
        address,
        beforeRow && key(beforeRow),
        SMS_DETAIL_PAGE + 1,
      );
      hasMore = page.length > SMS_DETAIL_PAGE;
      newestFirst = page.slice(0, SMS_DETAIL_PAGE);
    }
    return {
      sync_version: version,
      format_address: address,
      count: conversation.count,
      sms_list: newestFirst.reverse().map(itemOf),
      has_more: hasMore,
      contactIcon_list: await this.names.icons(userId, [address]),
    };
  }

  /** Sets or clears a message's favourite flag (locked). */
  async favourite(userId: number, id: number, on: boolean, expected: number): Promise<SmsFavouriteResult> {
    const { syncVersion, now } = await changeBox(
      this.deps,
      userId,
      expected,
      async ({ repo, version, now }) => {
        const row = await repo.message(userId, id);
        if (!row) throw notFound();
        const locked = on ? 1 : 0;
        if (Number(row.locked) !== locked) {
          await repo.setLocked(userId, id, locked, now);
          await repo.addLockedCount(userId, row.address, on ? 1 : -1);
        }
        await repo.log.record(userId, version, [{ address: row.address }]);
      },
    );
    return { sync_version: syncVersion, optime: now };
  }

  /** Deletes every message of a conversation, and the pictures no other message shows. */
  async remove(userId: number, rawAddress: string, expected: number): Promise<SmsFavouriteResult> {
    const address = formatSmsAddress(rawAddress);
    if (!address) throw notFound();
    const { syncVersion, now } = await changeBox(
      this.deps,
      userId,
      expected,
      async ({ repo, version, now }) => {
        if (!(await repo.conversation(userId, address))) throw notFound();
        const pictures = await repo.deleteConversation(userId, address);
        await repo.log.record(userId, version, [{ address }]);
        await this.dropPictures(repo, userId, pictures, now);
      },
    );
    return { sync_version: syncVersion, optime: now };
  }

  /**
   * Deletes one message (not only a whole conversation, as iCloud's and Xiaomi's clouds allow),
   * and its pictures when no other message shows them. The portal's refresh sees its conversation
   * change (or go, with its last message); the phone's pull is told `{address}.{id}`.
   */
  async removeMessage(userId: number, id: number, expected: number): Promise<SmsFavouriteResult> {
    const { syncVersion, now } = await changeBox(
      this.deps,
      userId,
      expected,
      async ({ repo, version, now }) => {
        // Another account's id answers as a missing one: 1011, nothing said about whose it is.
        const row = await repo.message(userId, id);
        if (!row) throw notFound();
        const pictures = await repo.deleteMessage(userId, id);
        await repo.afterMessageDeleted(userId, row.address, Number(row.locked) === 1);
        await repo.log.record(userId, version, [{ address: row.address }]);
        await repo.recordMessageDelete(userId, version, id, row.address);
        await this.dropPictures(repo, userId, pictures, now);
      },
    );
    return { sync_version: syncVersion, optime: now };
  }

  /** Unreferences the pictures no message of the box names any more. */
  private async dropPictures(repo: SmsRepo, userId: number, pictures: readonly string[], now: number) {
    const files = new SmsFilesRepo(repo.db);
    const index = new BlobIndex(repo.db);
    for (const key of new Set(pictures)) {
      if (await repo.attachmentInUse(userId, key)) continue;
      const blob = await files.deleteFile(userId, key);
      if (blob) await index.unref(repo.db, blob, now);
    }
  }

  /** Space the box takes: its messages and pictures. */
  async usageBytes(userId: number): Promise<number> {
    const files = new SmsFilesRepo(this.deps.db);
    const [messages, pictures] = await Promise.all([
      this.repo.messageBytes(userId),
      files.fileBytes(userId, SmsFileKind.PICTURE),
    ]);
    return messages + pictures;
  }
}
