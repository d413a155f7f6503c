import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ContactFilesTable, Database } from '../../db/schema.js';
import { chunked } from './repo.js';

export type FileRow = Selectable<ContactFilesTable>;

/** Files a user may fetch: 1 avatar, 2 export. */
export const FileKind = { AVATAR: 1, EXPORT: 2 } as const;

/**
 * Queries of the contacts area's files (avatars, exports), each keyed by user_id first. Every
 * row holds one reference on its blob in the blob index; the callers take and drop it in the
 * same transaction as the row.
 */
export class ContactFilesRepo {
  constructor(readonly db: Kysely<Database>) {}

  /** False when the user has the file already (the same avatar twice): it keeps its one reference. */
  async insertFile(row: Insertable<ContactFilesTable>): Promise<boolean> {
    const inserted = await this.db
      .insertInto('contact_files')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  file(userId: number, id: string, kind: number): Promise<FileRow | undefined> {
    return this.db
      .selectFrom('contact_files')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('kind', '=', kind)
      .executeTakeFirst();
  }

  /** Removes the files whose time is up; answers their blob keys (their references are the caller's). */
  async deleteExpiredFiles(userId: number, now: number): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('contact_files')
      .where('user_id', '=', userId)
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', now)
      .returning('blob_key')
      .execute();
    return rows.map((r) => r.blob_key);
  }

  avatarFilesBefore(userId: number, before: number): Promise<string[]> {
    return this.db
      .selectFrom('contact_files')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', FileKind.AVATAR)
      .where('created_at', '<', before)
      .execute()
      .then((rows) => rows.map((r) => r.id));
  }

  /** Removes files; answers the blob key of each one removed (its reference is the caller's). */
  async deleteFiles(userId: number, ids: readonly string[]): Promise<string[]> {
    const keys: string[] = [];
    for (const part of chunked(ids)) {
      const rows = await this.db
        .deleteFrom('contact_files')
        .where('user_id', '=', userId)
        .where('id', 'in', part)
        .returning('blob_key')
        .execute();
      keys.push(...rows.map((r) => r.blob_key));
    }
    return keys;
  }

  /**
   * The stored texts (contacts, the bin's too, and the time machine's revisions) that mention
   * `needle`: where the avatars still in use are named.
   */
  async textsMentioning(userId: number, needle: string): Promise<string[]> {
    const pattern = `%${needle}%`;
    const docs = await this.db
      .selectFrom('contacts')
      .select('doc')
      .where('user_id', '=', userId)
      .where('doc', 'like', pattern)
      .execute();
    const bodies = await this.db
      .selectFrom('contact_revisions')
      .select('body')
      .where('user_id', '=', userId)
      .where('body', 'like', pattern)
      .execute();
    return [...docs.map((r) => r.doc), ...bodies.flatMap((r) => (r.body === null ? [] : [r.body]))];
  }

  /** Marks the book swept; the first write of a transaction, so the book's writers wait for it. */
  async markFilesSwept(userId: number, now: number): Promise<void> {
    await this.db
      .updateTable('contact_books')
      .set({ files_swept_at: now })
      .where('user_id', '=', userId)
      .execute();
  }

  async fileBytes(userId: number, kind: number): Promise<number> {
    const row = await this.db
      .selectFrom('contact_files')
      .select((eb) => eb.fn.sum<number>('size').as('n'))
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
