import {
  BATCH_DELETE_MAX,
  BATCH_RESTORE_MAX,
  DOWNLOAD_MAX_BYTES,
  DOWNLOAD_MAX_FILES,
  DriveMsg,
  nameError,
  normalizeName,
  RECYCLE_EMPTY_MAX,
} from '@phonecloud/shared';
import type { DriveItem } from './types';

/** Names clash as the server compares them: NFC, trimmed. */
const same = (a: string, b: string) => normalizeName(a) === normalizeName(b);

/** The text a new folder name breaks (spec 000 §5), or null. */
export function newFolderError(name: string, items: readonly DriveItem[], existsText: string): string | null {
  const broken = nameError(name, 'folder');
  if (broken) return broken;
  return items.some((i) => same(i.name, name)) ? existsText : null;
}

/** What a rename should do: refuse with a text, close (nothing to do, or a clash the older variant ignores), or go on. */
export function renameCheck(
  item: DriveItem,
  name: string,
  items: readonly DriveItem[],
  existsText: string | null,
): { error: string } | { close: true } | { ok: true } {
  const broken = nameError(name, item.type);
  if (broken) return { error: broken };
  if (same(item.name, name)) return { close: true };
  if (items.some((i) => i.id !== item.id && same(i.name, name))) {
    return existsText ? { error: existsText } : { close: true };
  }
  return { ok: true };
}

/**
 * The move rules of spec 000 §5. `targetPath` is the chain of folder ids from the root to the
 * target (the tree knows it), so a target under a moved folder is seen without asking the server.
 */
export function moveError(
  targetPath: readonly string[] | null,
  currentFolderId: string,
  movedIds: readonly string[],
): string | null {
  const target = targetPath?.at(-1);
  if (!targetPath || target === undefined) return DriveMsg.MOVE_NO_TARGET;
  if (target === currentFolderId || movedIds.includes(target)) return DriveMsg.MOVE_INTO_SELF;
  if (targetPath.some((id) => movedIds.includes(id))) return DriveMsg.MOVE_INTO_SUBFOLDER;
  return null;
}

export function deleteLimitError(count: number): string | null {
  return count > BATCH_DELETE_MAX ? DriveMsg.DELETE_LIMIT : null;
}
export function restoreLimitError(count: number): string | null {
  return count > BATCH_RESTORE_MAX ? DriveMsg.RESTORE_LIMIT : null;
}
export function emptyLimitError(count: number): string | null {
  return count > RECYCLE_EMPTY_MAX ? DriveMsg.EMPTY_LIMIT : null;
}

/** Batch download: at most 200 files and 500M (folders are counted by the server, which knows their content). */
export function downloadLimitError(items: readonly DriveItem[]): string | null {
  const files = items.filter((i) => i.type === 'file');
  if (files.length > DOWNLOAD_MAX_FILES) return DriveMsg.DOWNLOAD_TOO_MANY;
  if (files.reduce((sum, f) => sum + f.size, 0) > DOWNLOAD_MAX_BYTES) return DriveMsg.DOWNLOAD_TOO_LARGE;
  return null;
}

/** Whether the chosen files fit: their total plus the used space must not pass the total (spec 000 §5). */
export function fitsQuota(files: readonly { size: number }[], used: number, total: number): boolean {
  return files.reduce((sum, f) => sum + f.size, used) <= total;
}
