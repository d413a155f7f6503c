import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';

/**
 * Flips a byte of stored content on the server's disk (bit rot) and runs the operator's store
 * check (`npm run admin -- blobs check`), which marks it damaged and exits 1.
 */
export function rotOnDisk(bytes: Buffer): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the global setup did not run');
  const key = createHash('sha256').update(bytes).digest('hex');
  const rotten = Buffer.from(bytes);
  rotten[0] = (rotten[0] ?? 0) ^ 1;
  writeFileSync(path.join(dataDir, 'blobs', key.slice(0, 2), key.slice(2, 4), key), rotten);
  const repo = path.resolve(test.info().project.testDir, '..');
  const check = spawnSync(
    process.execPath,
    [path.join(repo, 'apps/server/dist/admin.js'), 'blobs', 'check'],
    {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    },
  );
  expect(check.stderr).toContain(`blob ${key}: its bytes hash to`);
}
