import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDb } from '../src/db/index.js';
import { S3BlobStore } from '../src/storage/s3-store.js';
import {
  backupsIn,
  blobFiles,
  compareRows,
  compareServed,
  download,
  manifestOf,
  runAdmin,
  seedAccount,
  sessionClient,
  startWriters,
  uploadFile,
} from './support/backup.js';
import {
  type BuiltServer,
  buildServer,
  freePort,
  schemaUrl,
  startBuiltServer,
} from './support/built-server.js';
import { sha256 } from './support/drive.js';

const WRITERS = 20;

async function stop(servers: BuiltServer[]) {
  for (const s of servers) {
    if (s.proc.exitCode === null && s.proc.signalCode === null) {
      s.proc.kill('SIGTERM');
      await new Promise((r) => s.proc.once('exit', r));
    }
  }
}

/**
 * A backup taken while 20 clients write, restored into an empty target, is the data as it was
 * at one moment: rows as the manifest counts them and as the live database still has them, every
 * blob by its hash, and a server on it serving what was written before the backup began.
 */
async function backUpWhileWriting(
  env: Record<string, string>,
  port: number,
  cookie: string,
  backupDir: string,
) {
  const live = await sessionClient(port, cookie);
  // Something to find before the writers start: each writer then adds through the backup.
  const writers = startWriters(live, WRITERS);
  while (writers.written.files.length < WRITERS) await new Promise((r) => setTimeout(r, 20));
  const startedAt = Date.now();
  const made = await runAdmin(env, ['backup', 'create', backupDir]);
  await writers.stop();
  expect(made.code, made.err).toBe(0);
  expect(writers.written.contacts.filter((w) => w.doneAt > startedAt).length).toBeGreaterThan(0);
  const verified = await runAdmin(env, ['backup', 'verify', backupDir]);
  expect(verified.code, verified.err).toBe(0);
  const [name = ''] = backupsIn(backupDir);
  return { manifest: manifestOf(backupDir, name), written: writers.written, startedAt };
}

describe('backup under 20 writers, restored into an empty data directory [sqlite]', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'pc-restore-'));
  const dataDir = path.join(work, 'data');
  const servers: BuiltServer[] = [];
  let cookie = '';
  beforeAll(async () => {
    buildServer();
    mkdirSync(dataDir);
    const handle = await openDb({ dataDir });
    cookie = await seedAccount(handle, 'writer');
    await handle.close();
    servers.push(
      await startBuiltServer(await freePort(), { DATA_DIR: dataDir, WEB_DIST: path.join(work, 'none') }),
    );
  }, 120_000);
  afterAll(async () => {
    await stop(servers);
    rmSync(work, { recursive: true, force: true });
  });

  it('serves the same rows and blobs', { timeout: 180_000 }, async () => {
    const backupDir = path.join(work, 'backup');
    const restoredDir = path.join(work, 'restored');
    const env = { DATA_DIR: dataDir };
    const { manifest, written, startedAt } = await backUpWhileWriting(
      env,
      servers[0]?.port ?? 0,
      cookie,
      backupDir,
    );
    const restored = await runAdmin({ DATA_DIR: restoredDir }, ['restore', backupDir]);
    expect(restored.code, restored.err).toBe(0);
    const files = blobFiles(path.join(restoredDir, 'blobs'));
    expect(files.map((f) => sha256(readFileSync(f)))).toEqual(manifest.blobs.map((b) => b.key).sort());
    const restoredDb = await openDb({ dataDir: restoredDir });
    const liveDb = await openDb({ dataDir });
    try {
      const rows = await compareRows(restoredDb, liveDb, manifest);
      const named = new Set((rows.drive_items ?? []).map((r) => r.blob_key).filter(Boolean));
      expect([...named].filter((k) => !manifest.blobs.some((b) => b.key === k))).toEqual([]);
    } finally {
      await restoredDb.close();
      await liveDb.close();
    }
    const again = await startBuiltServer(await freePort(), {
      DATA_DIR: restoredDir,
      WEB_DIST: path.join(work, 'none'),
    });
    servers.push(again);
    await compareServed(await sessionClient(again.port, cookie), written, startedAt);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'backup under 20 writers, restored into an empty database [postgres]',
  () => {
    const base = process.env.TEST_DATABASE_URL ?? '';
    const work = mkdtempSync(path.join(tmpdir(), 'pc-restore-pg-'));
    const dataDir = path.join(work, 'data');
    const schema = `restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    // A database of its own for the restore, its connections in a schema of the live one's name.
    const database = `pc_restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const restoredUrl = (() => {
      if (!base) return '';
      const u = new URL(base);
      u.pathname = `/${database}`;
      return schemaUrl(u.toString(), schema);
    })();
    const env = { DATA_DIR: dataDir, DATABASE_URL: schemaUrl(base, schema) };
    const servers: BuiltServer[] = [];
    let cookie = '';
    const admin = async (sql: string) => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        await c.query(sql);
      } finally {
        await c.end();
      }
    };

    beforeAll(async () => {
      buildServer();
      mkdirSync(dataDir);
      const handle = await openDb({ dataDir, databaseUrl: base, pgSchema: schema });
      cookie = await seedAccount(handle, 'pgwriter');
      await handle.close();
      await admin(`CREATE DATABASE "${database}"`);
      servers.push(await startBuiltServer(await freePort(), { ...env, WEB_DIST: path.join(work, 'none') }));
    }, 120_000);
    afterAll(async () => {
      await stop(servers);
      await admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      rmSync(work, { recursive: true, force: true });
    });

    it('serves the same rows and blobs; a database with tables is refused without --force', {
      timeout: 180_000,
    }, async () => {
      const backupDir = path.join(work, 'backup');
      const restoredDir = path.join(work, 'restored');
      const { manifest, written, startedAt } = await backUpWhileWriting(
        env,
        servers[0]?.port ?? 0,
        cookie,
        backupDir,
      );
      expect(manifest.pgSchema).toBe(schema);
      const target = { DATA_DIR: restoredDir, DATABASE_URL: restoredUrl };
      const restored = await runAdmin(target, ['restore', backupDir]);
      expect(restored.code, restored.err).toBe(0);
      const files = blobFiles(path.join(restoredDir, 'blobs'));
      expect(files.map((f) => sha256(readFileSync(f)))).toEqual(manifest.blobs.map((b) => b.key).sort());
      let restoredDb: DbHandle | null = null;
      const liveDb = await openDb({ dataDir, databaseUrl: base, pgSchema: schema });
      try {
        restoredDb = await openDb({ dataDir: restoredDir, databaseUrl: restoredUrl });
        await compareRows(restoredDb, liveDb, manifest);
      } finally {
        await restoredDb?.close();
        await liveDb.close();
      }
      const again = await startBuiltServer(await freePort(), {
        ...target,
        WEB_DIST: path.join(work, 'none'),
      });
      servers.push(again);
      await compareServed(await sessionClient(again.port, cookie), written, startedAt);
      await stop([again]);

      // The database has the tables now: a second restore is refused, then forced.
      const refused = await runAdmin({ ...target, DATA_DIR: path.join(work, 'other') }, [
        'restore',
        backupDir,
      ]);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('already holds');
      expect(refused.err).toContain('--force');
      const forced = await runAdmin(target, ['restore', backupDir, '--force']);
      expect(forced.code, forced.err).toBe(0);
      // A SQLite target for a PostgreSQL backup is refused, saying which to use.
      const wrong = await runAdmin({ DATA_DIR: path.join(work, 'sqlite') }, ['restore', backupDir]);
      expect(wrong.code).toBe(1);
      expect(wrong.err).toContain('postgres backup');
    });
  },
);

describe('backup and restore of blobs kept in S3 [sqlite]', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'pc-restore-s3-'));
  const dataDir = path.join(work, 'data');
  const servers: BuiltServer[] = [];
  let s3: S3rver;
  let endpoint = '';
  let cookie = '';
  const s3Env = (prefix: string) => ({
    S3_ENDPOINT: endpoint,
    S3_BUCKET: 'blobs',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: prefix,
  });
  const objectsUnder = async (prefix: string) => {
    const store = new S3BlobStore({ ...toOpts(s3Env(prefix)) });
    const page = await store.client.send(
      new ListObjectsV2Command({ Bucket: 'blobs', Prefix: `${prefix}blobs/` }),
    );
    return (page.Contents ?? []).map((o) => path.basename(o.Key ?? '')).sort();
  };
  function toOpts(e: ReturnType<typeof s3Env>) {
    return {
      endpoint: e.S3_ENDPOINT,
      bucket: e.S3_BUCKET,
      region: 'us-east-1',
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      prefix: e.S3_PREFIX,
    };
  }

  beforeAll(async () => {
    buildServer();
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: path.join(work, 's3'),
      configureBuckets: [{ name: 'blobs' }],
    });
    endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
    mkdirSync(dataDir);
    const handle = await openDb({ dataDir });
    cookie = await seedAccount(handle, 's3keeper');
    await handle.close();
    servers.push(
      await startBuiltServer(await freePort(), {
        DATA_DIR: dataDir,
        WEB_DIST: path.join(work, 'none'),
        ...s3Env('live/'),
      }),
    );
  }, 120_000);
  afterAll(async () => {
    await stop(servers);
    await s3.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('copies the referenced blobs out of the bucket, incrementally, and restores them into an empty one', {
    timeout: 120_000,
  }, async () => {
    const c = await sessionClient(servers[0]?.port ?? 0, cookie);
    const first = Buffer.from('第一个文件'.repeat(1000));
    const firstId = await uploadFile(c, 'one.txt', first);
    const backupDir = path.join(work, 'backup');
    const env = { DATA_DIR: dataDir, ...s3Env('live/') };
    let made = await runAdmin(env, ['backup', 'create', backupDir]);
    expect(made.code, made.err).toBe(0);
    expect(blobFiles(path.join(backupDir, 'blobs')).map((f) => path.basename(f))).toEqual([sha256(first)]);
    const second = Buffer.from('第二个文件'.repeat(2000));
    const secondId = await uploadFile(c, 'two.txt', second);
    made = await runAdmin(env, ['backup', 'create', backupDir]);
    expect(made.code, made.err).toBe(0);
    expect(made.out).toContain('(1 copied, 1 already there)');
    expect((await runAdmin(env, ['backup', 'verify', backupDir])).code).toBe(0);

    // Into the live prefix (it holds blobs): refused without --force.
    const restoredDir = path.join(work, 'restored');
    const refused = await runAdmin({ DATA_DIR: restoredDir, ...s3Env('live/') }, ['restore', backupDir]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('already holds blobs');
    const target = { DATA_DIR: restoredDir, ...s3Env('restored/') };
    const restored = await runAdmin(target, ['restore', backupDir]);
    expect(restored.code, restored.err).toBe(0);
    expect(await objectsUnder('restored/')).toEqual([sha256(first), sha256(second)].sort());
    const again = await startBuiltServer(await freePort(), { ...target, WEB_DIST: path.join(work, 'none') });
    servers.push(again);
    const rc = await sessionClient(again.port, cookie);
    expect(sha256(await download(rc, firstId))).toBe(sha256(first));
    expect(sha256(await download(rc, secondId))).toBe(sha256(second));
  });
});
