import { describe, expect, it } from 'vitest';
import { type EntryLike, readDrop, treeOfChosen } from './drop-tree';

const file = (name: string) => new File(['x'], name);
const fileEntry = (name: string) => ({
  name,
  isFile: true,
  isDirectory: false,
  file: (ok: (f: File) => void) => ok(file(name)),
});
/** A folder whose reader hands out its entries two at a time, then an empty batch. */
const dirEntry = (name: string, children: EntryLike[]) => ({
  name,
  isFile: false,
  isDirectory: true,
  createReader: () => {
    let at = 0;
    return {
      readEntries: (ok: (e: EntryLike[]) => void) => {
        const batch = children.slice(at, at + 2);
        at += 2;
        queueMicrotask(() => ok(batch));
      },
    };
  },
});

describe('dropped trees', () => {
  it('reads every file of a dropped folder and its subfolders, in batches, empty folders kept', async () => {
    const tree = await readDrop(
      [
        dirEntry('照片', [
          fileEntry('a.jpg'),
          fileEntry('b.jpg'),
          dirEntry('2024', [fileEntry('c.jpg')]),
          dirEntry('空', []),
        ]),
        fileEntry('说明.txt'),
      ],
      [file('loose.bin')],
    );
    expect(tree.folders).toEqual([['照片'], ['照片', '2024'], ['照片', '空']]);
    expect(tree.files.map((f) => [f.dirs.join('/'), f.file.name])).toEqual([
      ['', 'loose.bin'],
      ['照片', 'a.jpg'],
      ['照片', 'b.jpg'],
      ['照片/2024', 'c.jpg'],
      ['', '说明.txt'],
    ]);
  });

  it('reads a folder chosen with webkitdirectory from the relative paths', () => {
    const chosen = ['旅行/行程.txt', '旅行/2024/IMG_2.jpg', '旅行/2024/深/x.jpg'].map((p) => {
      const f = file(p.split('/').at(-1) ?? '');
      Object.defineProperty(f, 'webkitRelativePath', { value: p });
      return f;
    });
    const tree = treeOfChosen(chosen);
    expect(tree.folders).toEqual([['旅行'], ['旅行', '2024'], ['旅行', '2024', '深']]);
    expect(tree.files.map((f) => f.dirs.join('/'))).toEqual(['旅行', '旅行/2024', '旅行/2024/深']);
  });
});
