import {
  type Contact,
  type ContactContent,
  checkContactContent,
  normalizeContactContent,
  type SyncChangeResult,
  SyncOutcome,
} from '@phonecloud/shared';
import { ContactChangeSchema as Change } from '@phonecloud/shared/api';
import type { z } from 'zod';
import type { Db } from '../../db/index.js';
import type { AppDeps } from '../../http/context.js';
import { invalid } from '../../http/errors.js';
import {
  atIndex,
  cursorOf,
  deleteOutcome,
  fullReload,
  idOf,
  makeCursor,
  notFoundAt,
  pageOf,
  type SyncAdapter,
  versionOf,
} from '../../platform/sync-adapter.js';
import { type BookChange, changeBook } from './book.js';
import { bodyOfDoc, type ContactBody, parseBody, sameBody } from './doc.js';
import { ensureGroups } from './groups.js';
import { ContactsRepo } from './repo.js';
import { contactOf } from './service.js';
import { mergeContactContent } from './sync-merge.js';
import { derivedUid } from './vcard/export.js';

type ChangeT = z.output<typeof Change>;

/** The contacts' rules, with numbers as phones store them (letters and all, as cards from devices). */
function checked(content: unknown): ContactContent {
  const result = checkContactContent(normalizeContactContent(content), { phoneLetters: true });
  if (!result.ok) throw invalid(result.message);
  return result.content;
}

/**
 * Contacts: the book's own change (`changeBook`: one sync_version for the batch, a revision per
 * contact for refresh.do and the time machine), its validation, its groups, its recycle bin.
 */
export const contactsSync: SyncAdapter = {
  area: 'contacts',
  change: Change,

  async pull(db: Db, { userId, anchor, cursor, limit }) {
    const repo = new ContactsRepo(db);
    const book = await repo.book(userId);
    const current = Number(book?.sync_version ?? 0);
    const [to, after] = cursorOf(cursor, 2) ?? [current, 0];
    if (anchor === '') {
      const docs = await repo.aliveDocsAfter(userId, after ?? 0, limit + 1);
      const page = docs.slice(0, limit);
      const more = docs.length > limit;
      const last = Number(page[page.length - 1]?.id ?? after);
      return {
        anchor: String(to),
        cursor: more ? makeCursor(to ?? current, last) : null,
        more,
        full: true,
        items: await withUids(
          repo,
          userId,
          page.map((d) => JSON.parse(d.doc) as Contact),
        ),
        deleted: [],
      };
    }
    const since = versionOf(anchor);
    if (since > current || since < Number(book?.log_floor ?? 0)) throw fullReload();
    const { page, more } = pageOf(await repo.changedSince(userId, since), after ?? 0, limit);
    const rows = new Map((await repo.rows(userId, page)).map((r) => [Number(r.id), r]));
    const items: Contact[] = [];
    const deleted: string[] = [];
    for (const id of page) {
      const row = rows.get(id);
      if (row && row.deleted_at === null) items.push(contactOf(row));
      else deleted.push(String(id));
    }
    return {
      anchor: String(to),
      cursor: more ? makeCursor(to ?? current, page[page.length - 1] ?? 0) : null,
      more,
      full: false,
      items: await withUids(repo, userId, items),
      deleted,
    };
  },

  size: (db, userId) => new ContactsRepo(db).countAlive(userId),

  deletes: (changes) => (changes as ChangeT[]).filter((c) => c.op === 'delete').length,

  async apply(deps: AppDeps, userId: number, raw: readonly unknown[]) {
    const changes = raw as ChangeT[];
    const results: SyncChangeResult[] = [];
    const { syncVersion } = await changeBook(deps, userId, async (change) => {
      const floor = Number((await change.repo.book(userId))?.log_floor ?? 0);
      const uids = new PhoneUids(change);
      for (const [index, c] of changes.entries()) {
        results.push(await atIndex(index, () => applyChange(change, floor, index, c, uids)));
      }
    });
    return { sync_version: syncVersion, results };
  },
};

/** Each contact with its UID: the one it came with (contact_uids), else the one derived from its id. */
async function withUids(repo: ContactsRepo, userId: number, items: Contact[]): Promise<Contact[]> {
  if (items.length === 0) return items;
  const uids = await repo.uidsOf(
    userId,
    items.map((c) => Number(c.server_id)),
  );
  for (const c of items) c.uid = uids.get(Number(c.server_id)) ?? derivedUid(userId, Number(c.server_id));
  return items;
}

/**
 * The UIDs of a push's creates: a contact the phone made keeps the UID of its card unless another
 * contact still there has it (a copy of a card keeps its own UID on the phone: read() gives it a
 * new one, but another phone's book may hold the same card).
 */
class PhoneUids {
  private taken: Set<string> | null = null;
  constructor(private readonly change: BookChange) {}

  async keep(contactId: number, uid: string | undefined): Promise<void> {
    if (!uid) return;
    if (!this.taken) {
      const rows = await this.change.repo.uidRows(this.change.userId);
      this.taken = new Set(rows.filter((r) => r.exists).map((r) => r.uid));
    }
    if (this.taken.has(uid)) return;
    this.taken.add(uid);
    await this.change.repo.insertUid(this.change.userId, { contact_id: contactId, uid, dav_name: null });
  }
}

/** A contact written in the book's change: an id given is updated, none allocates one. */
async function write(change: BookChange, body: ContactBody, id: number | null): Promise<number> {
  await ensureGroups(change, [body], false);
  if (id !== null) {
    await change.update(id, body);
    return id;
  }
  const [newId] = await change.allocateIds(1);
  if (newId === undefined) throw new Error('no contact id allocated');
  change.insert(newId, body);
  return newId;
}

/** One change from the phone, at `index` of its batch; `floor` is the book's log floor. */
async function applyChange(
  change: BookChange,
  floor: number,
  index: number,
  c: ChangeT,
  uids: PhoneUids,
): Promise<SyncChangeResult> {
  const userId = change.userId;
  if (c.op === 'create') {
    const id = await write(change, { content: checked(c.content), attachment: [] }, null);
    await uids.keep(id, c.uid);
    return {
      index,
      outcome: SyncOutcome.APPLIED,
      cid: c.cid,
      server_id: String(id),
      version_code: change.version,
    };
  }
  const id = idOf(c.server_id, index);
  const row = await change.repo.row(userId, id);
  if (!row) throw notFoundAt(index);
  if (c.op === 'delete') {
    return deleteOutcome(index, c.server_id, row, c.version_code, async () => {
      await change.toRecycleBin([id]);
      return change.version;
    });
  }
  const content = checked(c.content);
  if (row.deleted_at !== null) {
    // Deleted in the cloud, edited on the phone: the phone's contact comes back as a new one.
    const newId = await write(change, { content, attachment: [] }, null);
    return {
      index,
      outcome: SyncOutcome.RECREATED,
      server_id: String(newId),
      version_code: change.version,
      conflict_with: c.server_id,
    };
  }
  const cloud = bodyOfDoc(row.doc);
  if (Number(row.version_code) === c.version_code) {
    const body = { content, attachment: cloud.attachment };
    if (sameBody(cloud, body)) {
      return {
        index,
        outcome: SyncOutcome.UNCHANGED,
        server_id: c.server_id,
        version_code: Number(row.version_code),
      };
    }
    await write(change, body, id);
    return {
      index,
      outcome: SyncOutcome.APPLIED,
      server_id: c.server_id,
      version_code: change.version,
    };
  }
  // Edited on both sides: merged against the version the phone started from.
  let base: ContactContent | null = null;
  if (c.version_code >= floor) {
    const then = (await change.repo.bodiesAt(userId, [id], c.version_code)).get(id);
    if (then) base = parseBody(then).content;
  }
  const merged = {
    content: mergeContactContent(base, cloud.content, content),
    attachment: cloud.attachment,
  };
  if (sameBody(cloud, merged)) {
    return {
      index,
      outcome: SyncOutcome.MERGED,
      server_id: c.server_id,
      version_code: Number(row.version_code),
    };
  }
  await write(change, merged, id);
  return {
    index,
    outcome: SyncOutcome.MERGED,
    server_id: c.server_id,
    version_code: change.version,
  };
}
