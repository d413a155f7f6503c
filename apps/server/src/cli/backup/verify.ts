import { stat } from 'node:fs/promises';
import path from 'node:path';
import { type BackupEntry, blobPath, type FileEntry, listBackups, MANIFEST, sha256File } from './layout.js';

export interface VerifyResult {
  problems: string[];
  backups: number;
  blobs: number;
  bytes: number;
}

/**
 * Re-reads every file of the given backups (all of `root`'s when none are named): the database
 * copy, the secret and every blob, each against its SHA-256 in the manifest. A backup without a
 * manifest did not finish and is a problem too.
 */
export async function verifyBackups(root: string, only?: BackupEntry[]): Promise<VerifyResult> {
  const entries = only ?? (await listBackups(root));
  const problems: string[] = [];
  if (entries.length === 0) problems.push(`no backup in ${root}`);
  const blobs = new Map<string, number>();
  for (const e of entries) {
    if (!e.manifest) {
      problems.push(`${e.name}: no ${MANIFEST}, an unfinished backup (remove the folder ${e.dir})`);
      continue;
    }
    problems.push(...(await checkFile(e, e.manifest.database)));
    if (e.manifest.secret) problems.push(...(await checkFile(e, e.manifest.secret)));
    for (const b of e.manifest.blobs) blobs.set(b.key, b.size);
  }
  let bytes = 0;
  for (const [key, size] of blobs) {
    const file = blobPath(path.join(root, 'blobs'), key);
    const got = await sha256File(file).catch(() => null);
    if (!got) problems.push(`blob ${key}: missing`);
    else if (got.sha256 !== key || got.size !== size)
      problems.push(`blob ${key}: damaged (${got.size} bytes hashing to ${got.sha256})`);
    else bytes += size;
  }
  return { problems, backups: entries.length, blobs: blobs.size, bytes };
}

async function checkFile(e: BackupEntry, entry: FileEntry): Promise<string[]> {
  const file = path.join(e.dir, entry.file);
  if (!(await stat(file).catch(() => null))) return [`${e.name}/${entry.file}: missing`];
  const got = await sha256File(file);
  if (got.sha256 !== entry.sha256 || got.size !== entry.size)
    return [`${e.name}/${entry.file}: damaged (${got.size} bytes hashing to ${got.sha256})`];
  return [];
}
