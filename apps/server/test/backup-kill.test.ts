import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/index.js';
import { BlobIndex } from '../src/storage/blob-index.js';
import { FsBlobStore } from '../src/storage/fs-store.js';
import {
  backupsIn,
  blobFiles,
  download,
  runAdmin,
  seedAccount,
  sessionClient,
  uploadFile,
} from './support/backup.js';
import {
  type BuiltServer,
  buildServer,
  freePort,
  SERVER_DIR,
  startBuiltServer,
} from './support/built-server.js';
import { sha256 } from './support/drive.js';

/** Blobs enough that copying them (each fsynced) outlasts the test's look at the folder. */
const BLOBS = 300;

describe('a backup killed mid-copy [sqlite]', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'pc-backup-kill-'));
  const dataDir = path.join(work, 'data');
  let server: BuiltServer | null = null;
  let cookie = '';

  beforeAll(async () => {
    buildServer();
    mkdirSync(dataDir);
    const handle = await openDb({ dataDir });
    cookie = await seedAccount(handle, 'killed');
    const store = new FsBlobStore(path.join(dataDir, 'blobs'));
    const index = new BlobIndex(handle.db);
    for (let i = 0; i < BLOBS; i++)
      await index.storeHeld(store, randomBytes(64 * 1024), Date.now(), async () => true);
    await handle.close();
    server = await startBuiltServer(await freePort(), {
      DATA_DIR: dataDir,
      WEB_DIST: path.join(work, 'none'),
    });
  }, 120_000);
  afterAll(async () => {
    if (server && server.proc.exitCode === null) {
      server.proc.kill('SIGTERM');
      await new Promise((r) => server?.proc.once('exit', r));
    }
    rmSync(work, { recursive: true, force: true });
  });

  it('leaves a backup verify rejects and a server that goes on serving', { timeout: 120_000 }, async () => {
    const c = await sessionClient(server?.port ?? 0, cookie);
    const before = Buffer.from('杀之前上传的文件');
    const beforeId = await uploadFile(c, 'before.txt', before);
    const backupDir = path.join(work, 'backup');
    const child = spawn(
      process.execPath,
      [path.join(SERVER_DIR, 'dist/admin.js'), 'backup', 'create', backupDir],
      {
        env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir },
        stdio: 'ignore',
      },
    );
    const exited = new Promise((r) => child.once('exit', r));
    // The moment the first copy's file appears (under its temp name: the copies are renamed into
    // place only once all are on disk), the copy is under way: the process is killed then.
    const blobs = path.join(backupDir, 'blobs');
    const anyFile = () =>
      existsSync(blobs) &&
      readdirSync(blobs, { recursive: true, withFileTypes: true }).some((d) => d.isFile());
    while (!anyFile()) {
      if (child.exitCode !== null)
        throw new Error(`the backup ended (${child.exitCode}) before it was killed`);
      await new Promise((r) => setImmediate(r));
    }
    child.kill('SIGKILL');
    await exited;
    expect(child.signalCode).toBe('SIGKILL');

    const [name = ''] = backupsIn(backupDir);
    expect(existsSync(path.join(backupDir, name, 'manifest.json'))).toBe(false);
    expect(blobFiles(blobs).length).toBeLessThan(BLOBS + 1);
    const verified = await runAdmin({ DATA_DIR: dataDir }, ['backup', 'verify', backupDir]);
    expect(verified.code).toBe(1);
    expect(verified.err).toContain(`${name}: no manifest.json, an unfinished backup`);
    // Nor can it be restored: no finished backup is there.
    const restored = await runAdmin({ DATA_DIR: path.join(work, 'restored') }, ['restore', backupDir]);
    expect(restored.code).toBe(1);
    expect(restored.err).toContain('no finished backup');

    // The server: ready, its database whole, earlier files served, new uploads stored.
    expect((await fetch(`http://127.0.0.1:${server?.port}/readyz`)).status).toBe(200);
    const live = new SqliteDatabase(path.join(dataDir, 'phonecloud.sqlite'), { readonly: true });
    try {
      expect(live.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      live.close();
    }
    expect(sha256(await download(c, beforeId))).toBe(sha256(before));
    const after = randomBytes(50_000);
    expect(sha256(await download(c, await uploadFile(c, 'after.bin', after)))).toBe(sha256(after));

    // A later backup into the same folder finishes (the unfinished one is still named by verify).
    const again = await runAdmin({ DATA_DIR: dataDir }, ['backup', 'create', backupDir]);
    expect(again.code, again.err).toBe(0);
    const second = await runAdmin({ DATA_DIR: dataDir }, ['backup', 'verify', backupDir]);
    expect(second.err).toContain(`${name}: no manifest.json`);
    expect(second.err).not.toContain('damaged');
  });
});
