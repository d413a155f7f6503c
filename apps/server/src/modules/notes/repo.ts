import type { Insertable, Kysely, Selectable } from 'kysely';
import { ChangeLog } from '../../db/change-log.js';
import { chunked } from '../../db/chunked.js';
import type { Database, NoteBoardMembersTable, NotesTable } from '../../db/schema.js';
import { SyncBookRepo } from '../../db/sync-book.js';

/** @package */
export type NoteRow = Selectable<NotesTable>;
/** @package */
export type MemberRow = Selectable<NoteBoardMembersTable>;

/**
 * Kinds of the change log.
 * @package
 */
export const ChangeKind = { WRITTEN: 1, RECYCLED: 2, REMOVED: 3 } as const;

/**
 * The change log's rows for notes a version touched, all the same way.
 * @package
 */
export const noteChanges = (ids: readonly number[], kind: number, now: number) =>
  ids.map((id) => ({ note_id: id, kind, at: now }));

/**
 * Every query of the notes area; each filters by user_id first. Works on a transaction too.
 * @package
 */
export class NotesRepo extends SyncBookRepo {
  constructor(db: Kysely<Database>) {
    super(db, 'note_books');
  }

  /** Which notes each version wrote, recycled or removed (`kind`). */
  readonly log = new ChangeLog(this.db, { table: 'note_changes', book: 'note_books', keys: ['note_id'] });

  /** Notes out of the bin in id order after `afterId` (a full pull's page). */
  aliveAfter(userId: number, afterId: number, limit: number): Promise<NoteRow[]> {
    return this.db
      .selectFrom('notes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  // --- notes ---

  note(userId: number, id: number): Promise<NoteRow | undefined> {
    return this.db
      .selectFrom('notes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Notes out of the bin, or in it. */
  notes(userId: number, recycled: boolean): Promise<NoteRow[]> {
    return this.db
      .selectFrom('notes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted_at', recycled ? 'is not' : 'is', null)
      .execute();
  }

  async notesByIds(userId: number, ids: readonly number[]): Promise<NoteRow[]> {
    const out: NoteRow[] = [];
    for (const part of chunked(ids)) {
      out.push(
        ...(await this.db
          .selectFrom('notes')
          .selectAll()
          .where('user_id', '=', userId)
          .where('id', 'in', part)
          .execute()),
      );
    }
    return out;
  }

  async insertNote(row: Insertable<NotesTable>): Promise<void> {
    await this.db.insertInto('notes').values(row).execute();
  }

  async updateNote(userId: number, id: number, set: Partial<Insertable<NotesTable>>): Promise<void> {
    await this.db.updateTable('notes').set(set).where('user_id', '=', userId).where('id', '=', id).execute();
  }

  async setDeleted(userId: number, ids: readonly number[], deletedAt: number | null): Promise<void> {
    for (const part of chunked(ids)) {
      await this.db
        .updateTable('notes')
        .set({ deleted_at: deletedAt })
        .where('user_id', '=', userId)
        .where('id', 'in', part)
        .execute();
    }
  }

  /** Removes notes for good; answers the `files` JSON of each one removed. */
  async deleteNotes(userId: number, ids: readonly number[]): Promise<string[]> {
    const files: string[] = [];
    for (const part of chunked(ids)) {
      const rows = await this.db
        .deleteFrom('notes')
        .where('user_id', '=', userId)
        .where('id', 'in', part)
        .returning('files')
        .execute();
      files.push(...rows.map((r) => r.files));
    }
    return files;
  }

  recycledBefore(userId: number, before: number): Promise<number[]> {
    return this.db
      .selectFrom('notes')
      .select('id')
      .where('user_id', '=', userId)
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<=', before)
      .execute()
      .then((rows) => rows.map((r) => Number(r.id)));
  }

  /** The `files` JSON of every note the user still has (the bin's too). */
  async allFileLists(userId: number): Promise<string[]> {
    const rows = await this.db.selectFrom('notes').select('files').where('user_id', '=', userId).execute();
    return rows.map((r) => r.files);
  }

  async noteBytes(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('notes')
      .select((eb) => eb.fn.sum<number>('size').as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  // --- boards ---

  boards(userId: number) {
    return this.db
      .selectFrom('note_boards')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('sort')
      .execute();
  }

  board(userId: number, id: number) {
    return this.db
      .selectFrom('note_boards')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insertBoard(userId: number, id: number, sort: number, now: number): Promise<void> {
    await this.db.insertInto('note_boards').values({ user_id: userId, id, sort, created_at: now }).execute();
  }

  async deleteBoard(userId: number, id: number): Promise<void> {
    await this.db.deleteFrom('note_boards').where('user_id', '=', userId).where('id', '=', id).execute();
  }

  members(userId: number): Promise<MemberRow[]> {
    return this.db.selectFrom('note_board_members').selectAll().where('user_id', '=', userId).execute();
  }

  boardMembers(userId: number, boardId: number): Promise<MemberRow[]> {
    return this.db
      .selectFrom('note_board_members')
      .selectAll()
      .where('user_id', '=', userId)
      .where('board_id', '=', boardId)
      .execute();
  }

  memberOfNote(userId: number, noteId: number): Promise<MemberRow | undefined> {
    return this.db
      .selectFrom('note_board_members')
      .selectAll()
      .where('user_id', '=', userId)
      .where('note_id', '=', noteId)
      .executeTakeFirst();
  }

  member(userId: number, id: number): Promise<MemberRow | undefined> {
    return this.db
      .selectFrom('note_board_members')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insertMember(row: Insertable<NoteBoardMembersTable>): Promise<void> {
    await this.db.insertInto('note_board_members').values(row).execute();
  }

  async updateMember(userId: number, id: number, set: Partial<Insertable<NoteBoardMembersTable>>) {
    await this.db
      .updateTable('note_board_members')
      .set(set)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  async deleteMember(userId: number, id: number): Promise<void> {
    await this.db
      .deleteFrom('note_board_members')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  /** Takes notes off whatever board holds them. */
  async unplaceNotes(userId: number, noteIds: readonly number[]): Promise<void> {
    for (const part of chunked(noteIds)) {
      await this.db
        .deleteFrom('note_board_members')
        .where('user_id', '=', userId)
        .where('note_id', 'in', part)
        .execute();
    }
  }
}
