import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ContactFilesTable, Database } from '../../../db/schema.js';
import { AreaFilesRepo } from '../../../storage/area-files.js';

export type FileRow = Selectable<ContactFilesTable>;

/** Files a user may fetch: 1 avatar, 2 export. */
export const FileKind = { AVATAR: 1, EXPORT: 2 } as const;

/** Queries of the contacts area's files (avatars, exports), each keyed by user_id first. */
export class ContactFilesRepo extends AreaFilesRepo<FileRow, Insertable<ContactFilesTable>> {
  constructor(db: Kysely<Database>) {
    super(db, 'contact_files');
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
}
