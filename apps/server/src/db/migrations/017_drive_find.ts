import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/**
 * Find and arrange in the drive (issue 16):
 * - `name_lc`: the name folded for search (NFKC, full Unicode lower case) and `sort_key`: the key
 *   of the natural / pinyin name order (`driveNameKey`). Both are computed by the server in
 *   JavaScript (the databases' own lower() and collations differ) and filled lazily: a row whose
 *   name is written (insert, rename, move with a new name) has them NULL (a trigger clears them on
 *   a name change, whoever writes), and the drive fills the missing ones before it searches or
 *   lists in name order. No write path has to know about them.
 * - Keyset indexes for the listing in each order (folders first): name key, size, last change.
 * - The search index: the live items of a drive in name-key order with the folded name beside
 *   them, so the search reads one index in the order it answers and stops at a page of hits
 *   (docs/drive-find.md has the measurements; PostgreSQL adds a trigram index where pg_trgm can be
 *   installed).
 * - `drive_prefs`: the sort and view a user chose, one row per user.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const pg = ctx.dialect === 'postgres';
  await sql`ALTER TABLE drive_items ADD COLUMN name_lc text`.execute(db);
  // Bytewise order on PostgreSQL too (its default collation ignores the key's marks): code points.
  await sql.raw(`ALTER TABLE drive_items ADD COLUMN sort_key text${pg ? ' COLLATE "C"' : ''}`).execute(db);

  if (pg) {
    await sql`CREATE FUNCTION drive_items_name_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.name_lc := NULL;
        NEW.sort_key := NULL;
        RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER drive_items_name_changed BEFORE UPDATE OF name ON drive_items
      FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
      EXECUTE FUNCTION drive_items_name_changed()`.execute(db);
  } else {
    await sql`CREATE TRIGGER drive_items_name_changed AFTER UPDATE OF name ON drive_items
      FOR EACH ROW WHEN old.name IS NOT new.name
      BEGIN
        UPDATE drive_items SET name_lc = NULL, sort_key = NULL WHERE user_id = new.user_id AND id = new.id;
      END`.execute(db);
  }

  // Rows still to be keyed, per folder (empty almost always: a probe costs nothing).
  await sql`CREATE INDEX drive_items_unkeyed ON drive_items (user_id, parent_id) WHERE sort_key IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX drive_items_by_key ON drive_items (user_id, parent_id, kind, sort_key, id) WHERE trashed_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX drive_items_by_size ON drive_items (user_id, parent_id, kind, size, id) WHERE trashed_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX drive_items_by_time ON drive_items (user_id, parent_id, kind, updated_at, id) WHERE trashed_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX drive_items_search ON drive_items (user_id, sort_key, id, name_lc) WHERE trashed_at IS NULL`.execute(
    db,
  );

  if (pg) {
    // pg_trgm is a trusted extension, but a server may lack it or the role the right to add it:
    // then the search uses the index above alone (a savepoint keeps the migration's transaction).
    const available = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'pg_trgm'`.execute(db);
    if ((available.rows[0]?.n ?? 0) > 0) {
      await sql`SAVEPOINT drive_find_trgm`.execute(db);
      try {
        await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
        const found = await sql<{ schema: string }>`
          SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
          WHERE e.extname = 'pg_trgm'`.execute(db);
        const schema = found.rows[0]?.schema ?? 'public';
        await sql
          .raw(
            `CREATE INDEX drive_items_name_trgm ON drive_items USING gin (name_lc "${schema.replace(/"/g, '""')}".gin_trgm_ops) WHERE trashed_at IS NULL`,
          )
          .execute(db);
        await sql`RELEASE SAVEPOINT drive_find_trgm`.execute(db);
      } catch {
        await sql`ROLLBACK TO SAVEPOINT drive_find_trgm`.execute(db);
      }
    }
  }

  await db.schema
    .createTable('drive_prefs')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('sort', 'text', (c) => c.notNull())
    .addColumn('dir', 'text', (c) => c.notNull())
    .addColumn('view', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
