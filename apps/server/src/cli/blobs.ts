import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { type Db, openDb } from '../db/index.js';
import { checkBlobs, markChecked } from '../storage/blob-check.js';
import { FsBlobStore } from '../storage/fs-store.js';
import { sha256OfFile } from '../storage/hash-worker.js';
import { blobPath, fsyncFile } from './backup/layout.js';

export const BLOBS_USAGE = `  blobs check [--repair-from BACKUP_DIR]   (re-reads every referenced blob of DATA_DIR/blobs against its
                                          SHA-256 now; a damaged or missing one is put back from the
                                          backup folder when it holds a good copy; exit 1 on any left)`;

/**
 * `blobs check`: the store check over the whole store at once, for an operator after a disk or
 * file-system incident, instead of the housekeeping's slice every ten minutes. It records what it
 * finds as the housekeeping does (a running server's count follows on its next run); with
 * `--repair-from`, each damaged blob a backup folder holds a good copy of is put back.
 */
export async function blobsCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { 'repair-from': { type: 'string' } },
  });
  if (positionals[0] !== 'check' || positionals.length > 1) {
    console.error(`Usage: npm run admin -- <command>\n${BLOBS_USAGE}`);
    return 2;
  }
  const config = loadConfig();
  if (config.s3) {
    console.error("blobs check reads the data directory's blobs: an S3 bucket keeps its own checksums");
    return 2;
  }
  const from = values['repair-from'];
  const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const store = new FsBlobStore(path.join(config.dataDir, 'blobs'));
    const r = await checkBlobs(handle.db, store, Date.now(), Number.POSITIVE_INFINITY);
    let left = r.damaged.length;
    for (const d of r.damaged) {
      // `npm run` works in the repository's folder: a relative folder means where it was typed.
      const fixed = from ? await repair(handle.db, store, d.key, d.size, resolved(from)) : null;
      if (fixed === true) {
        left--;
        console.log(`blob ${d.key}: ${d.problem}; put back from ${from}`);
      } else console.error(`blob ${d.key}: ${d.problem}${fixed ? `; not put back: ${fixed}` : ''}`);
    }
    const summary = `${r.checked} blobs (${r.bytes} bytes) read`;
    if (left > 0) {
      console.error(
        `blobs check FAILED: ${left} of ${summary} are damaged or missing; ${from ? 'no good copy of them in the backup folder' : 'restore them from a backup (--repair-from BACKUP_DIR)'}`,
      );
      return 1;
    }
    console.log(
      `blobs ok: ${summary} and matched${r.damaged.length ? ` (${r.damaged.length} put back)` : ''}`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

const resolved = (dir: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), dir);

/**
 * The backup folder's copy of `key` (its `blobs/ab/cd/<key>`, the store's own layout) copied
 * beside the damaged file, hashed, made durable and renamed over it: answers true, or why not.
 */
async function repair(db: Db, store: FsBlobStore, key: string, size: number, root: string) {
  const source = blobPath(path.join(root, 'blobs'), key);
  if ((await stat(source).catch(() => null))?.size !== size) return 'the backup folder has no copy of it';
  const target = store.fileOf(key);
  await mkdir(path.dirname(target), { recursive: true });
  const tmp = `${target}.${randomBytes(8).toString('hex')}.repair`;
  try {
    await copyFile(source, tmp);
    if ((await sha256OfFile(tmp, size)) !== key) return "the backup folder's copy is damaged too";
    await fsyncFile(tmp);
    await rename(tmp, target);
  } finally {
    await rm(tmp, { force: true });
  }
  await markChecked(db, key, Date.now(), null);
  return true;
}
