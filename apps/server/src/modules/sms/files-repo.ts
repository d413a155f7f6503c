import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, SmsFilesTable } from '../../db/schema.js';

export type SmsFileRow = Selectable<SmsFilesTable>;

/** Files a user may fetch: 1 an MMS picture, 2 an export. */
export const SmsFileKind = { PICTURE: 1, EXPORT: 2 } as const;

/**
 * Queries of the SMS area's files, each keyed by user_id first. Every row holds one reference
 * on its blob in the blob index; the callers take and drop it in the same transaction as the row.
 */
export class SmsFilesRepo {
  constructor(readonly db: Kysely<Database>) {}

  /** False when the user has the file already (the same picture twice): it keeps its one reference. */
  async insertFile(row: Insertable<SmsFilesTable>): Promise<boolean> {
    const inserted = await this.db
      .insertInto('sms_files')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  file(userId: number, id: string, kind: number): Promise<SmsFileRow | undefined> {
    return this.db
      .selectFrom('sms_files')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('kind', '=', kind)
      .executeTakeFirst();
  }

  /** Removes one file; answers its blob key (its reference is the caller's) or null. */
  async deleteFile(userId: number, id: string): Promise<string | null> {
    const row = await this.db
      .deleteFrom('sms_files')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returning('blob_key')
      .executeTakeFirst();
    return row?.blob_key ?? null;
  }

  /** Removes the files whose time is up; answers their blob keys (their references are the caller's). */
  async deleteExpiredFiles(userId: number, now: number): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('sms_files')
      .where('user_id', '=', userId)
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', now)
      .returning('blob_key')
      .execute();
    return rows.map((r) => r.blob_key);
  }

  async blobKeys(userId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sms_files')
      .select('blob_key')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => r.blob_key);
  }

  async fileBytes(userId: number, kind: number): Promise<number> {
    const row = await this.db
      .selectFrom('sms_files')
      .select((eb) => eb.fn.sum<number>('size').as('n'))
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
