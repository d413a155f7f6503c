import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CalendarFilesTable, Database } from '../../db/schema.js';
import { AreaFilesRepo } from '../../storage/area-files.js';

/**
 * Queries of the calendar's export files, each keyed by user_id first.
 * @package
 */
export class CalendarFilesRepo extends AreaFilesRepo<
  Selectable<CalendarFilesTable>,
  Insertable<CalendarFilesTable>
> {
  constructor(db: Kysely<Database>) {
    super(db, 'calendar_files');
  }
}
