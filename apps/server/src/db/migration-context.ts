export type DialectName = 'sqlite' | 'postgres';
/** What a migration is told of the database it runs on: one set of migrations serves both. */
export interface MigrationContext {
  dialect: DialectName;
}
