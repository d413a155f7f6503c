import {
  NOTE_RECYCLE_KEEP_DAYS,
  type NoteChangeResult,
  NoteMsg,
  type NoteRecycleList,
} from '@phonecloud/shared';
import type { Db } from '../../db/index.js';
import type { AppDeps } from '../../http/context.js';
import { invalid } from '../../http/errors.js';
import { noteOfRow } from './doc.js';
import { notFound } from './errors.js';
import { releaseUnusedFiles } from './files.js';
import { ChangeKind, NotesRepo, noteChanges } from './repo.js';

export const RECYCLE_KEEP_MS = NOTE_RECYCLE_KEEP_DAYS * 24 * 60 * 60_000;

/**
 * Removes notes for good, in the caller's transaction, with the images and recordings no other
 * note names (their blob references are released; the bytes go at the next collection).
 */
export async function purgeNotes(
  db: Db,
  userId: number,
  ids: readonly number[],
  now: number,
): Promise<number> {
  if (ids.length === 0) return 0;
  const repo = new NotesRepo(db);
  const version = await repo.bump(userId, now);
  const fileLists = await repo.deleteNotes(userId, ids);
  await repo.unplaceNotes(userId, ids);
  await repo.log.record(userId, version, noteChanges(ids, ChangeKind.REMOVED, now));
  const keys = fileLists.flatMap((f) => JSON.parse(f) as string[]);
  if (keys.length) await releaseUnusedFiles(db, userId, now, keys);
  return version;
}

/** The notes' recycle bin: list, restore (some or all), delete for good (some or all). */
export class NoteRecycleService {
  constructor(private readonly deps: AppDeps) {}

  private tx<T>(fn: (db: Db, repo: NotesRepo) => Promise<T>): Promise<T> {
    return this.deps.db.transaction().execute((trx) => fn(trx, new NotesRepo(trx)));
  }

  async list(userId: number): Promise<NoteRecycleList> {
    const repo = new NotesRepo(this.deps.db);
    const [version, rows] = await Promise.all([repo.syncVersion(userId), repo.notes(userId, true)]);
    rows.sort((a, b) => Number(b.deleted_at) - Number(a.deleted_at) || Number(b.id) - Number(a.id));
    return {
      sync_version: version,
      note_ids: rows.map((r) => String(r.id)),
      list: Object.fromEntries(rows.map((r) => [String(r.id), noteOfRow(r, false)])),
    };
  }

  /** The ids asked for, all in the bin; `null` asks for the whole bin. */
  private async binned(repo: NotesRepo, userId: number, ids: readonly number[] | null): Promise<number[]> {
    if (ids === null) return (await repo.notes(userId, true)).map((r) => Number(r.id));
    if (ids.length === 0) throw invalid(NoteMsg.NONE_SELECTED);
    const rows = await repo.notesByIds(userId, ids);
    if (rows.length !== ids.length || rows.some((r) => r.deleted_at === null)) throw notFound();
    return [...ids];
  }

  /** Back into the note box. */
  async recover(userId: number, ids: readonly number[] | null): Promise<NoteChangeResult> {
    const now = this.deps.clock.now();
    return this.tx(async (_db, repo) => {
      await repo.ensureBook(userId, now);
      // The book's row lock before reading the bin: the user's writers take turns.
      await repo.lockBook(userId);
      const found = await this.binned(repo, userId, ids);
      if (found.length === 0) return { sync_version: await repo.syncVersion(userId), server_ids: [] };
      const version = await repo.bump(userId, now);
      await repo.setDeleted(userId, found, null);
      await repo.log.record(userId, version, noteChanges(found, ChangeKind.WRITTEN, now));
      return { sync_version: version, server_ids: found.map(String) };
    });
  }

  async remove(userId: number, ids: readonly number[] | null): Promise<NoteChangeResult> {
    const now = this.deps.clock.now();
    return this.tx(async (db, repo) => {
      await repo.ensureBook(userId, now);
      // The book's row lock before reading the bin: the user's writers take turns.
      await repo.lockBook(userId);
      const found = await this.binned(repo, userId, ids);
      const version = await purgeNotes(db, userId, found, now);
      return { sync_version: version || (await repo.syncVersion(userId)), server_ids: found.map(String) };
    });
  }
}
