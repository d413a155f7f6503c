import type { AppDeps } from '../../http/context.js';
import { type ContactBody, columnsOf, deriveColumns, type PreparedBody, prepareBody } from './doc.js';
import { ContactsRepo, type NewContactRow, type RevisionRow } from './repo.js';

/**
 * One change of a user's book, inside a transaction: every write gets the same new sync_version
 * (which is also the written contacts' version_code) and a revision in the log, so refresh.do
 * and the time machine see exactly what happened.
 */
export class BookChange {
  private readonly inserts: NewContactRow[] = [];
  private readonly revisions: RevisionRow[] = [];
  readonly touched = new Set<number>();

  constructor(
    readonly repo: ContactsRepo,
    readonly userId: number,
    readonly version: number,
    readonly now: number,
  ) {}

  async allocateIds(n: number): Promise<number[]> {
    if (n <= 0) return [];
    const first = await this.repo.allocate(this.userId, n);
    return Array.from({ length: n }, (_, i) => first + i);
  }

  private log(id: number, body: string | null) {
    this.touched.add(id);
    this.revisions.push({
      user_id: this.userId,
      sync_version: this.version,
      contact_id: id,
      at: this.now,
      body,
    });
  }

  /** A contact that has no row (new, or brought back by the time machine after a purge). */
  insert(id: number, body: ContactBody, hash?: string): void {
    this.insertPrepared(id, prepareBody(body, hash));
  }

  /** `insert` of a body whose derived parts were computed already (an import's, off this thread). */
  insertPrepared(id: number, prepared: PreparedBody): void {
    const { body: json, ...columns } = columnsOf(id, this.version, prepared);
    this.inserts.push({
      user_id: this.userId,
      id,
      version_code: this.version,
      ...columns,
      created_at: this.now,
      updated_at: this.now,
      deleted_at: null,
    });
    this.log(id, json);
  }

  /** Rewrites a contact that has a row, taking it out of the recycle bin if it was there. */
  async update(id: number, body: ContactBody): Promise<void> {
    const { body: json, ...columns } = deriveColumns(id, this.version, body);
    await this.repo.updateContact(this.userId, id, {
      version_code: this.version,
      ...columns,
      updated_at: this.now,
      deleted_at: null,
    });
    this.log(id, json);
  }

  async toRecycleBin(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.repo.recycle(this.userId, ids, this.version, this.now);
    for (const id of ids) this.log(id, null);
  }

  async flush(): Promise<void> {
    await this.repo.insertContacts(this.inserts.splice(0));
    await this.repo.insertRevisions(this.revisions.splice(0));
  }
}

export interface Changed<T> {
  result: T;
  syncVersion: number;
}

/** Runs `fn` as one change of the user's book, in one transaction. */
export async function changeBook<T>(
  deps: AppDeps,
  userId: number,
  fn: (change: BookChange) => Promise<T>,
): Promise<Changed<T>> {
  const now = deps.clock.now();
  await new ContactsRepo(deps.db).ensureBook(userId, now);
  const run = async (trx: AppDeps['db']) => {
    const repo = new ContactsRepo(trx);
    const version = await repo.bump(userId, now);
    const change = new BookChange(repo, userId, version, now);
    const result = await fn(change);
    await change.flush();
    return { result, syncVersion: version };
  };
  return deps.db.transaction().execute(run);
}

/** The book's sync_version without changing it (0 before the first change). */
export async function currentVersion(repo: ContactsRepo, userId: number): Promise<number> {
  return Number((await repo.book(userId))?.sync_version ?? 0);
}
