import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { createBackup } from './create.js';
import { BackupError } from './layout.js';
import { restoreBackup } from './restore.js';
import { verifyBackups } from './verify.js';

export const BACKUP_USAGE = `  backup create DIR   (online: the database, its blobs and a manifest; blobs already in DIR are kept)
  backup verify DIR   (re-reads every backup in DIR against its manifest)
  restore DIR [--name BACKUP] [--force]   (the newest, or the named, backup into DATA_DIR or DATABASE_URL's
                                          schema, its blobs into DATA_DIR/blobs or the S3 bucket; empty ones only
                                          unless --force)`;

/** `backup create|verify DIR` and `restore DIR`: answers the exit code. */
export async function backupCommand(area: string, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { force: { type: 'boolean' }, name: { type: 'string' } },
  });
  const [command, dir] = area === 'restore' ? ['restore', positionals[0]] : [positionals[0], positionals[1]];
  if (!dir || !['create', 'verify', 'restore'].includes(command ?? '')) {
    console.error(`Usage: npm run admin -- <command>\n${BACKUP_USAGE}`);
    return 2;
  }
  // `npm run` works in the repository's folder: a relative DIR means where the operator typed it.
  const root = path.resolve(process.env.INIT_CWD ?? process.cwd(), dir);
  try {
    if (command === 'create') {
      const { dir: made, manifest, copied } = await createBackup(root, loadConfig());
      console.log(
        `backup ${path.basename(made)} written: ${manifest.dialect} database, ${manifest.blobs.length} blobs (${copied} copied, ${manifest.blobs.length - copied} already there)`,
      );
    } else if (command === 'verify') {
      const r = await verifyBackups(root);
      if (r.problems.length) {
        console.error(`backup verification FAILED:\n  ${r.problems.join('\n  ')}`);
        return 1;
      }
      console.log(`backup ok: ${r.backups} backups, ${r.blobs} blobs (${r.bytes} bytes) read and matched`);
    } else {
      const { entry, manifest } = await restoreBackup(root, loadConfig(), values);
      console.log(
        `restored backup ${entry.name} (${manifest.createdAt}): ${manifest.dialect} database and ${manifest.blobs.length} blobs`,
      );
    }
    return 0;
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    console.error(err.message);
    return 1;
  }
}
