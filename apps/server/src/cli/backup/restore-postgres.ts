import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { type BackupEntry, BackupError, type Manifest, removeQuietly } from './layout.js';

const run = promisify(execFile);

/**
 * Restoring a pg_dump into the schema `DATABASE_URL` works in (its search_path; `public` by
 * default). That schema must hold no table (or `force` drops it first). pg_restore loads the
 * dump under the schema name it was taken from, so when the target's name differs, the dump's
 * schema must not exist in the target database: it is loaded there and renamed.
 */
export async function restorePostgres(url: string, entry: BackupEntry, manifest: Manifest, force: boolean) {
  requirePgRestore();
  const dump = path.join(entry.dir, manifest.database.file);
  const listed = await pgRestore(url, ['--list', dump]);
  const source = manifest.pgSchema ?? schemaOfList(listed);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const target = await targetSchema(client);
    const tables = await tableCount(client, target);
    if (tables > 0 && !force)
      throw new BackupError(
        `the schema "${target}" of DATABASE_URL already holds ${tables} tables: restore into an empty database, or add --force to drop them`,
      );
    if (source !== target && (await schemaExists(client, source)))
      throw new BackupError(
        `the backup's schema "${source}" exists in this database besides the target "${target}": restore into a database without it`,
      );
  } finally {
    await client.end();
  }
  return {
    async finish() {
      await load(url, dump, listed, source, force, manifest.pgExtensions ?? []);
    },
  };
}

async function load(
  url: string,
  dump: string,
  listed: string,
  source: string,
  force: boolean,
  extensions: NonNullable<Manifest['pgExtensions']>,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const work = await mkdtemp(path.join(tmpdir(), 'pc-restore-'));
  try {
    const target = await targetSchema(client);
    if (force) await client.query(`DROP SCHEMA IF EXISTS ${ident(target)} CASCADE`);
    // The schema is made here, not by the dump: `public` exists in every new database, and the
    // dump's CREATE SCHEMA would fail on it.
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${ident(source)}`);
    // A schema's dump leaves extensions out (pg_trgm's operator classes, used by an index).
    for (const e of extensions) {
      if (await schemaExists(client, e.schema))
        await client.query(`CREATE EXTENSION IF NOT EXISTS ${ident(e.name)} WITH SCHEMA ${ident(e.schema)}`);
    }
    const list = path.join(work, 'restore.list');
    await writeFile(list, withoutSchemaEntries(listed, source));
    await pgRestore(url, [
      '--no-owner',
      '--no-acl',
      '--exit-on-error',
      '--single-transaction',
      `--use-list=${list}`,
      dump,
    ]);
    if (source !== target) await renameInto(client, source, target);
  } finally {
    await client.end();
    await removeQuietly(work);
  }
}

/**
 * The loaded schema takes the target's name: an empty target schema is dropped first. One that
 * holds other objects (an extension's, in `public`) cannot be, and the operator is told to name
 * the backup's schema in DATABASE_URL's search_path instead.
 */
async function renameInto(client: pg.Client, source: string, target: string): Promise<void> {
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${ident(target)}`);
  } catch (err) {
    if ((err as { code?: string }).code !== '2BP01') throw err;
    throw new BackupError(
      `the backup was loaded into the schema "${source}", but "${target}" (DATABASE_URL's) holds other objects and cannot be replaced: use "${source}" as the search_path of DATABASE_URL (?options=-c%20search_path%3D${source})`,
    );
  }
  await client.query(`ALTER SCHEMA ${ident(source)} RENAME TO ${ident(target)}`);
}

function requirePgRestore(): void {
  const probe = spawnSync('pg_restore', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0)
    throw new BackupError(
      'pg_restore was not found on PATH: install the PostgreSQL client tools (the server major version or newer) and run the restore again',
    );
}

/** pg_restore with the URL's password in the environment, not on a command line others can read. */
async function pgRestore(url: string, args: string[]): Promise<string> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  const withDb = args.includes('--list')
    ? args
    : [...args.slice(0, -1), `--dbname=${target}`, ...args.slice(-1)];
  try {
    const { stdout } = await run('pg_restore', withDb, {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      maxBuffer: 256 * 1024 * 1024,
    });
    return stdout;
  } catch (err) {
    const e = err as { code?: number; stderr?: string };
    throw new BackupError(`pg_restore failed (exit ${e.code}): ${(e.stderr ?? String(err)).trim()}`);
  }
}

function schemaOfList(listed: string): string {
  const m = /^\d+; \d+ \d+ SCHEMA - (\S+) /m.exec(listed);
  if (!m?.[1]) throw new BackupError('the dump names no schema');
  return m[1];
}

/** The dump's table of contents without its schema's own entries (the schema and its comment). */
function withoutSchemaEntries(listed: string, schema: string): string {
  return listed
    .split('\n')
    .filter((l) => !l.includes(` SCHEMA - ${schema} `) && !l.includes(` COMMENT - SCHEMA ${schema} `))
    .join('\n');
}

/** The schema the URL's connections create in: the first of its search_path ("$user" if it exists). */
async function targetSchema(client: pg.Client): Promise<string> {
  const r = await client.query<{ p: string; u: string }>(
    "SELECT current_setting('search_path') AS p, current_user AS u",
  );
  const { p = '', u = '' } = r.rows[0] ?? {};
  for (const entry of p.split(',').map((x) => x.trim().replace(/^"(.*)"$/, '$1'))) {
    if (entry === '$user') {
      if (await schemaExists(client, u)) return u;
    } else if (entry) return entry;
  }
  return 'public';
}

async function tableCount(client: pg.Client, schema: string): Promise<number> {
  const r = await client.query<{ n: string }>(
    'SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = $1',
    [schema],
  );
  return Number(r.rows[0]?.n ?? 0);
}

async function schemaExists(client: pg.Client, schema: string): Promise<boolean> {
  const r = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
  return (r.rowCount ?? 0) > 0;
}

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
