import { DriveMsg } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import {
  deleteLimitError,
  downloadLimitError,
  emptyLimitError,
  fitsQuota,
  moveError,
  newFolderError,
  renameCheck,
  restoreLimitError,
} from './rules';
import type { DriveItem } from './types';

const item = (id: string, name: string, type: DriveItem['type'] = 'folder', size = 0): DriveItem => ({
  id,
  name,
  type,
  size,
  mtime: 0,
});
const list = [item('1', '照片'), item('2', 'a.txt', 'file')];

describe('folder names', () => {
  it('checks the rules of spec §5 in order, then the list', () => {
    expect(newFolderError('  ', list, DriveMsg.FOLDER_EXISTS_V2)).toBe(DriveMsg.FOLDER_NAME_EMPTY);
    expect(newFolderError('a*b', list, DriveMsg.FOLDER_EXISTS_V2)).toBe(DriveMsg.NAME_BAD_CHARS);
    expect(newFolderError('a“b', list, DriveMsg.FOLDER_EXISTS_V2)).toBe(DriveMsg.NAME_BAD_CHARS);
    expect(newFolderError('文'.repeat(39), list, DriveMsg.FOLDER_EXISTS_V2)).toBe(DriveMsg.NAME_TOO_LONG);
    expect(newFolderError('文'.repeat(38), list, DriveMsg.FOLDER_EXISTS_V2)).toBeNull();
    expect(newFolderError('照片 ', list, DriveMsg.FOLDER_EXISTS_V1)).toBe(DriveMsg.FOLDER_EXISTS_V1);
  });
  it('renames: the newer variant says the name exists, the older closes', () => {
    const photos = list[0] as DriveItem;
    expect(renameCheck(photos, 'a.txt', list, DriveMsg.RENAME_EXISTS_V2)).toEqual({
      error: DriveMsg.RENAME_EXISTS_V2,
    });
    expect(renameCheck(photos, 'a.txt', list, null)).toEqual({ close: true });
    expect(renameCheck(photos, '照片', list, null)).toEqual({ close: true });
    expect(renameCheck(photos, '相册', list, null)).toEqual({ ok: true });
    expect(renameCheck(list[1] as DriveItem, 'x'.repeat(60), list, null)).toEqual({ ok: true });
  });
});

describe('move rules', () => {
  it('needs a target that is neither the current folder, a moved item, nor under one', () => {
    expect(moveError(null, 'root', ['1'])).toBe(DriveMsg.MOVE_NO_TARGET);
    expect(moveError(['root'], 'root', ['1'])).toBe(DriveMsg.MOVE_INTO_SELF);
    expect(moveError(['root', '1'], 'root', ['1'])).toBe(DriveMsg.MOVE_INTO_SELF);
    expect(moveError(['root', '1', '5'], 'root', ['1'])).toBe(DriveMsg.MOVE_INTO_SUBFOLDER);
    expect(moveError(['root', '3'], 'root', ['1'])).toBeNull();
  });
});

describe('batch limits', () => {
  it('stops at 100 deletes, restores and bin items', () => {
    expect(deleteLimitError(100)).toBeNull();
    expect(deleteLimitError(101)).toBe(DriveMsg.DELETE_LIMIT);
    expect(restoreLimitError(101)).toBe(DriveMsg.RESTORE_LIMIT);
    expect(emptyLimitError(101)).toBe(DriveMsg.EMPTY_LIMIT);
  });
  it('stops a zip at 200 files or 500M', () => {
    const files = (n: number, size = 1) =>
      Array.from({ length: n }, (_, i) => item(String(i), `${i}`, 'file', size));
    expect(downloadLimitError(files(200))).toBeNull();
    expect(downloadLimitError(files(201))).toBe(DriveMsg.DOWNLOAD_TOO_MANY);
    expect(downloadLimitError(files(2, 300 * 1024 * 1024))).toBe(DriveMsg.DOWNLOAD_TOO_LARGE);
  });
  it('lets files in when their total plus the used space stays within the total', () => {
    expect(fitsQuota([{ size: 5 }, { size: 5 }], 90, 100)).toBe(true);
    expect(fitsQuota([{ size: 5 }, { size: 6 }], 90, 100)).toBe(false);
  });
});
