import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, PreparedStatements } from '../src/db/sqlite.js';

const dirs: string[] = [];
function tempFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pc-sqlite-'));
  dirs.push(dir);
  return path.join(dir, 'db.sqlite');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SQLite statements kept prepared', () => {
  it('answers the same statement for the same text, a fresh one while it is being iterated', () => {
    const db = new PreparedStatements(new SqliteDatabase(':memory:'));
    db.file.exec('CREATE TABLE t (n integer); INSERT INTO t VALUES (1), (2), (3)');
    const first = db.prepare('SELECT n FROM t ORDER BY n');
    expect(db.prepare('SELECT n FROM t ORDER BY n')).toBe(first);
    const rows = first.iterate([]);
    rows.next();
    // Kysely may run a query while another one's rows are still streaming.
    const second = db.prepare('SELECT n FROM t ORDER BY n');
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
    db.close();
  });

  it('keeps the most recently used ones up to its limit', () => {
    const db = new PreparedStatements(new SqliteDatabase(':memory:'), 2);
    const a = db.prepare('SELECT 1');
    const b = db.prepare('SELECT 2');
    expect(db.prepare('SELECT 1')).toBe(a);
    db.prepare('SELECT 3'); // 'SELECT 2' is the least recently used: dropped
    expect(db.prepare('SELECT 1')).toBe(a);
    expect(db.prepare('SELECT 2')).not.toBe(b);
    db.close();
  });
});

describe('SQLite transactions beside another process', () => {
  it('take the write lock as they begin, so a write after another connection committed cannot meet a stale snapshot', () => {
    const filename = tempFile();
    const mine = new PreparedStatements(new SqliteDatabase(filename));
    mine.file.pragma('journal_mode = WAL');
    mine.file.exec('CREATE TABLE t (n integer)');
    // Another instance on the same file, not waiting for locks at all.
    const other = new SqliteDatabase(filename);
    other.pragma('busy_timeout = 0');
    // What Kysely sends to begin a transaction; its first statement reads.
    mine.prepare('begin').run([]);
    expect(mine.prepare('SELECT count(*) AS c FROM t').all([])).toEqual([{ c: 0 }]);
    // Deferred, the other's commit would pass here and the write below fail (SQLITE_BUSY_SNAPSHOT).
    expect(() => other.prepare('INSERT INTO t VALUES (1)').run()).toThrow(/locked/);
    mine.prepare('INSERT INTO t VALUES (2)').run([]);
    mine.prepare('commit').run([]);
    other.prepare('INSERT INTO t VALUES (3)').run();
    expect(other.prepare('SELECT n FROM t ORDER BY n').all()).toEqual([{ n: 2 }, { n: 3 }]);
    other.close();
    mine.close();
  });
});

describe('SQLite checkpoints on a thread of their own', () => {
  it('takes a large commit into the database file without the writer checkpointing', async () => {
    const filename = tempFile();
    const handle = openSqlite(filename);
    const file = handle.database.file;
    // SQLite's own checkpoint would have run in this commit (over 1,000 pages) at its default.
    expect(file.pragma('wal_autocheckpoint', { simple: true })).toBeGreaterThan(4000);
    file.exec('CREATE TABLE t (body text)');
    const insert = file.prepare('INSERT INTO t VALUES (?)');
    file.transaction(() => {
      for (let i = 0; i < 3000; i++) insert.run('x'.repeat(2000));
    })();
    const before = statSync(filename).size;
    let after = before;
    for (let i = 0; i < 40 && after < before + 5_000_000; i++) {
      await sleep(100);
      after = statSync(filename).size;
    }
    expect(after).toBeGreaterThan(before + 5_000_000);
    const [state] = file.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number; checkpointed: number }>;
    expect(state?.checkpointed).toBe(state?.log);

    await handle.stopCheckpointer();
    file.close();
    // The server's connection was the last one: the log is gone with it.
    expect(existsSync(`${filename}-wal`)).toBe(false);
    expect(new SqliteDatabase(filename).prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 3000 });
  });
});
