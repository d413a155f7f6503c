import {
  type ContactChangeResult,
  RECYCLE_DAY_OFFSET_MINUTES,
  RECYCLE_KEEP_DAYS,
  type RecycleBin,
  type RecycledContact,
} from '@phonecloud/shared';
import type { AppDeps } from '../../../http/context.js';
import { changeBook, currentVersion } from '../book.js';
import { bodyOfDoc } from '../doc.js';
import { notFound } from '../errors.js';
import { ensureGroups } from '../groups.js';
import { ContactsRepo } from '../repo.js';
import { contactOf } from '../service.js';

const DAY_MS = 24 * 60 * 60_000;

/** The deletion day a recycle-bin entry is listed under: 'YYYY-MM-DD' in China Standard Time. */
export function deletionDay(at: number): string {
  return new Date(at + RECYCLE_DAY_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** The recycle bin: contacts deleted in the last 30 days, restorable until purged. */
export class RecycleService {
  private readonly repo: ContactsRepo;
  constructor(private readonly deps: AppDeps) {
    this.repo = new ContactsRepo(deps.db);
  }

  /** Entries newest first, grouped by deletion day. */
  async list(userId: number): Promise<RecycleBin> {
    const rows = await this.repo.binRows(userId);
    const list: Record<string, RecycledContact> = {};
    const byDay: Record<string, string[]> = {};
    for (const row of rows) {
      const contact = contactOf(row) as RecycledContact;
      list[contact.server_id] = contact;
      const day = deletionDay(contact.delete_time);
      byDay[day] ??= [];
      byDay[day]?.push(contact.server_id);
    }
    return { sync_version: await currentVersion(this.repo, userId), list, letter_index: byDay };
  }

  /** Puts contacts back into the book (`'all'`: the whole bin). */
  async recover(userId: number, ids: number[] | 'all'): Promise<ContactChangeResult> {
    const { result, syncVersion } = await changeBook(this.deps, userId, async (change) => {
      const bin = await change.repo.binRows(userId);
      const wanted = ids === 'all' ? bin : bin.filter((r) => ids.includes(Number(r.id)));
      if (ids !== 'all' && wanted.length !== new Set(ids).size) throw notFound();
      const bodies = wanted.map((r) => ({ id: Number(r.id), body: bodyOfDoc(r.doc) }));
      // A group deleted while its members sat in the bin comes back, room permitting.
      await ensureGroups(
        change,
        bodies.map((b) => b.body),
        false,
      );
      for (const b of bodies) await change.update(b.id, b.body);
      return bodies.map((b) => String(b.id));
    });
    return { sync_version: syncVersion, server_ids: result };
  }

  /** Deletes bin entries for good (`'all'`: empties the bin). */
  async purge(userId: number, ids: number[] | 'all'): Promise<ContactChangeResult> {
    const { result, syncVersion } = await changeBook(this.deps, userId, async (change) => {
      if (ids !== 'all') {
        const bin = new Set((await change.repo.binRows(userId)).map((r) => Number(r.id)));
        if (ids.some((id) => !bin.has(id))) throw notFound();
      }
      const before =
        ids === 'all' ? (await change.repo.binRows(userId)).map((r) => String(r.id)) : ids.map(String);
      await change.repo.purge(userId, ids);
      await change.repo.dropOrphanCards(userId);
      return before;
    });
    return { sync_version: syncVersion, server_ids: result };
  }

  /** Housekeeping: removes what has been in the bin longer than 30 days. */
  async purgeExpired(userId: number): Promise<number> {
    const ids = await this.repo.binIdsDeletedBefore(
      userId,
      this.deps.clock.now() - RECYCLE_KEEP_DAYS * DAY_MS,
    );
    if (ids.length === 0) return 0;
    const purged = await this.repo.purge(userId, ids);
    await this.repo.dropOrphanCards(userId);
    return purged;
  }
}
