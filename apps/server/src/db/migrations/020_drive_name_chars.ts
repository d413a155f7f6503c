import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * Drive search of one or two characters on PostgreSQL (docs/drive-find.md): a GIN index on the
 * characters of the folded name (`string_to_array(name_lc, NULL)`, one element per character),
 * so a query of one or two characters that is rare or missing finds its rows without reading the
 * user's whole search index (pg_trgm's trigrams cannot narrow fewer than three characters).
 * Not partial: PostgreSQL keeps statistics of an expression index only when it has no predicate,
 * and the planner needs them to tell a common character from a rare one. SQLite's search reads
 * its covering index within the target, so it gains nothing here.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  await sql`CREATE INDEX drive_items_name_chars ON drive_items USING gin (string_to_array(name_lc, NULL))`.execute(
    db,
  );
}
