import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, SmsFilesTable } from '../../db/schema.js';
import { AreaFilesRepo } from '../../storage/area-files.js';

/** @package */
export type SmsFileRow = Selectable<SmsFilesTable>;

/**
 * Files a user may fetch: 1 an MMS picture, 2 an export.
 * @package
 */
export const SmsFileKind = { PICTURE: 1, EXPORT: 2 } as const;

/**
 * Queries of the SMS area's files, each keyed by user_id first.
 * @package
 */
export class SmsFilesRepo extends AreaFilesRepo<SmsFileRow, Insertable<SmsFilesTable>> {
  constructor(db: Kysely<Database>) {
    super(db, 'sms_files');
  }
}
