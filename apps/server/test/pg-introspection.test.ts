import { describe, expect, it } from 'vitest';
import { openTestDb } from './support/db.js';

/**
 * Kysely's migrator asks the introspector whether its own tables exist. The database's
 * introspector looks at the connection's own schema only: a neighbour's tables (another instance
 * on a shared server, another test file) are neither read nor counted, so a neighbour dropped
 * meanwhile cannot fail a start.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('the schema in use, alone [postgres]', () => {
  it('lists the tables of its own schema, with their columns, and none of a neighbour’s', async () => {
    const mine = await openTestDb('postgres');
    const neighbour = await openTestDb('postgres');
    try {
      const theirs = await neighbour.handle.db.introspection.getTables();
      const tables = await mine.handle.db.introspection.getTables({ withInternalKyselyTables: true });
      const schemas = new Set(tables.map((t) => t.schema));
      expect(schemas.size).toBe(1);
      // Both schemas hold the same tables: a list of both would name each twice.
      expect(tables.length).toBe(new Set(tables.map((t) => t.name)).size);
      expect(tables.map((t) => t.name)).toContain('kysely_migration');
      expect(theirs.map((t) => t.name)).not.toContain('kysely_migration');
      const users = tables.find((t) => t.name === 'users');
      expect(users?.columns.find((c) => c.name === 'id')).toMatchObject({
        isAutoIncrementing: true,
        isNullable: false,
      });
      expect(users?.columns.find((c) => c.name === 'phone')?.isNullable).toBe(true);
      expect((await mine.handle.db.introspection.getSchemas()).map((s) => s.name)).toEqual([...schemas]);
    } finally {
      await mine.dispose();
      await neighbour.dispose();
    }
  });
});
