import { DriveCode, nameError, normalizeName } from '@phonecloud/shared';
import { isApiError } from '../../../api';
import type { DropTree } from './drop-tree';

/** Tries at a free name for a top folder whose name was taken meanwhile (another tab, another device). */
const NAME_TRIES = 20;

/** "照片" → "照片(1)": the server's numbering of auto-renamed names. */
export function numberedFolder(name: string, n: number): string {
  return `${name}(${n})`;
}

export interface TreeUploadDeps {
  /** Makes a folder (the same name refused with -2003) and answers its id. */
  createFolder(parentId: string, name: string): Promise<string>;
  /** Queues files for one folder (the upload panel shows them). */
  addFiles(files: File[], parentId: string): void;
}

/**
 * Uploads a dropped or chosen tree into `targetId`: its folders are made first (parents before
 * children), then its files are queued folder by folder, so the panel shows every one.
 * A top folder whose name is already in the target gets the next free "name(n)", as the server
 * names an auto-renamed item: nothing already in the drive is merged into or overwritten. The
 * folders below it are new, so their names never clash. A folder name the rules refuse (too long,
 * a forbidden sign) stops the upload before anything is sent, with the rule's text.
 */
export async function uploadTree(
  tree: DropTree,
  targetId: string,
  namesInTarget: readonly string[],
  deps: TreeUploadDeps,
): Promise<void> {
  for (const dirs of tree.folders) {
    for (const name of dirs) {
      const broken = nameError(normalizeName(name), 'folder');
      if (broken) throw new Error(broken);
    }
  }
  const taken = new Set(namesInTarget.map(normalizeName));
  const ids = new Map<string, string>([['', targetId]]);
  for (const dirs of tree.folders) {
    const key = dirs.join('/');
    if (ids.has(key)) continue;
    const parentId = ids.get(dirs.slice(0, -1).join('/'));
    const name = normalizeName(dirs.at(-1) ?? '');
    if (parentId === undefined) continue;
    if (dirs.length > 1) {
      ids.set(key, await deps.createFolder(parentId, name));
      continue;
    }
    ids.set(key, await createFree(deps, parentId, name, taken));
  }
  const byFolder = new Map<string, File[]>();
  for (const f of tree.files) {
    const key = f.dirs.join('/');
    const list = byFolder.get(key) ?? [];
    list.push(f.file);
    byFolder.set(key, list);
  }
  for (const [key, files] of byFolder) {
    const parentId = ids.get(key);
    if (parentId !== undefined) deps.addFiles(files, parentId);
  }
}

async function createFree(deps: TreeUploadDeps, parentId: string, name: string, taken: Set<string>) {
  let n = 0;
  for (let tries = 0; tries < NAME_TRIES; tries++) {
    let candidate = n === 0 ? name : numberedFolder(name, n);
    while (taken.has(candidate)) candidate = numberedFolder(name, ++n);
    try {
      const id = await deps.createFolder(parentId, candidate);
      taken.add(candidate);
      return id;
    } catch (err) {
      if (!isApiError(err) || err.code !== DriveCode.NAME_EXISTS) throw err;
      taken.add(candidate);
    }
  }
  throw new Error(`${name}: no free name`);
}
