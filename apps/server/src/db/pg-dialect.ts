import {
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

/** Kysely's own tables (the migrations' record and lock), left out unless asked for. */
const KYSELY_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

interface ColumnRow {
  table: string;
  type: string;
  column: string | null;
  data_type: string | null;
  nullable: string | null;
  default_value: string | null;
}

/**
 * What Kysely learns of the database (its migrator asks whether its own tables exist), from the
 * connection's own schema only. Kysely's PostgreSQL introspector reads every schema's tables and
 * columns: on a server shared with others that is a pass over all of theirs at each start, and it
 * failed when a neighbour's schema was dropped meanwhile (`relation "<theirs>.sms_files" does not
 * exist`, two test files migrating and dropping side by side).
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`select current_schema() as name`.execute(this.db);
    return rows;
  }

  async getTables(options?: DatabaseMetadataOptions): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow & { schema: string }>`
      select t.table_schema as schema, t.table_name as table, t.table_type as type,
        c.column_name as column, c.data_type, c.is_nullable as nullable, c.column_default as default_value
      from information_schema.tables t
      left join information_schema.columns c
        on c.table_schema = t.table_schema and c.table_name = t.table_name
      where t.table_schema = current_schema()
      order by t.table_name, c.ordinal_position`.execute(this.db);
    const tables = new Map<string, { schema: string; isView: boolean; columns: ColumnMetadata[] }>();
    for (const r of rows) {
      if (!options?.withInternalKyselyTables && KYSELY_TABLES.has(r.table)) continue;
      let table = tables.get(r.table);
      if (!table) {
        table = { schema: r.schema, isView: r.type === 'VIEW', columns: [] };
        tables.set(r.table, table);
      }
      if (r.column === null) continue;
      table.columns.push({
        name: r.column,
        dataType: r.data_type ?? '',
        isNullable: r.nullable === 'YES',
        hasDefaultValue: r.default_value !== null,
        isAutoIncrementing: r.default_value?.startsWith('nextval(') ?? false,
      });
    }
    return [...tables].map(([name, t]) => ({ name, ...t }));
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL, introspected in the connection's own schema (see OwnSchemaIntrospector). */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
