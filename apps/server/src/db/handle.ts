import type { Kysely } from 'kysely';
import type { DialectName } from './migration-context.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
/** An open database: what `openDb` answers and what start-up work (its lock) runs on. */
export interface DbHandle {
  db: Db;
  dialect: DialectName;
  close(): Promise<void>;
}
