import { DriveCode, DriveMsg } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api';
import { uploadTree } from './folder-upload';

const f = (name: string) => new File(['x'], name);

function fakeDrive(taken: Set<string> = new Set()) {
  let next = 100;
  const made: Array<[string, string, string]> = [];
  const queued: Array<[string, string[]]> = [];
  return {
    made,
    queued,
    deps: {
      async createFolder(parentId: string, name: string) {
        if (parentId === 'root' && taken.has(name))
          throw new ApiError(DriveCode.NAME_EXISTS, 'exists', 'business');
        const id = String(next++);
        made.push([parentId, name, id]);
        return id;
      },
      addFiles(files: File[], parentId: string) {
        queued.push([parentId, files.map((x) => x.name)]);
      },
    },
  };
}

describe('folder upload', () => {
  it('makes the folders parents first, then queues each folder’s files there', async () => {
    const d = fakeDrive();
    await uploadTree(
      {
        folders: [['照片'], ['照片', '2024'], ['照片', '空']],
        files: [
          { file: f('a.jpg'), dirs: ['照片'] },
          { file: f('c.jpg'), dirs: ['照片', '2024'] },
          { file: f('d.jpg'), dirs: ['照片', '2024'] },
          { file: f('loose.txt'), dirs: [] },
        ],
      },
      'root',
      [],
      d.deps,
    );
    expect(d.made).toEqual([
      ['root', '照片', '100'],
      ['100', '2024', '101'],
      ['100', '空', '102'],
    ]);
    expect(d.queued).toEqual([
      ['100', ['a.jpg']],
      ['101', ['c.jpg', 'd.jpg']],
      ['root', ['loose.txt']],
    ]);
  });

  it('gives a top folder whose name is taken the next free name(n), also when the list was stale', async () => {
    const d = fakeDrive(new Set(['照片', '照片(1)']));
    await uploadTree(
      { folders: [['照片']], files: [{ file: f('a.jpg'), dirs: ['照片'] }] },
      'root',
      ['照片'],
      d.deps,
    );
    expect(d.made).toEqual([['root', '照片(2)', '100']]);
  });

  it('refuses a tree with a folder name the rules refuse before making anything', async () => {
    const d = fakeDrive();
    await expect(
      uploadTree({ folders: [['ok'], ['ok', 'bad?name']], files: [] }, 'root', [], d.deps),
    ).rejects.toThrow(DriveMsg.NAME_BAD_CHARS);
    expect(d.made).toEqual([]);
  });
});
