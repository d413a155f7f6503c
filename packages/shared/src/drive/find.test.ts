import { describe, expect, it } from 'vitest';
import { cleanDriveQuery, compareDriveItems, compareKeys, driveNameKey, foldDriveName } from './find.js';

const byKey = (names: string[]) => [...names].sort((a, b) => compareKeys(driveNameKey(a), driveNameKey(b)));

describe('drive name order', () => {
  it('orders numbers by value (2 before 10), leading zeros aside', () => {
    expect(byKey(['file10.txt', 'file2.txt', 'file1.txt', 'file02b.txt'])).toEqual([
      'file1.txt',
      'file2.txt',
      'file02b.txt',
      'file10.txt',
    ]);
    expect(byKey(['IMG_100', 'IMG_20', 'IMG_3'])).toEqual(['IMG_3', 'IMG_20', 'IMG_100']);
    // Numbers before letters, as file managers show them.
    expect(byKey(['a', '9'])).toEqual(['9', 'a']);
  });

  it('orders Chinese by pinyin among the Latin letters, case folded', () => {
    // '阿' reads a: it sits with the a's (a syllable's end sorts before any sign or letter).
    expect(byKey(['中国', '张三', '阿里', 'B.txt', 'a.txt', '报告'])).toEqual([
      '阿里',
      'a.txt',
      'B.txt',
      '报告',
      '张三',
      '中国',
    ]);
    expect(byKey(['合同10.pdf', '合同2.pdf', '合同1.pdf'])).toEqual(['合同1.pdf', '合同2.pdf', '合同10.pdf']);
  });

  it('keys compare by code point as the databases compare bytes', () => {
    expect(compareKeys('a', 'b')).toBeLessThan(0);
    expect(compareKeys('\u{1F600}', '\uFFFD')).toBeGreaterThan(0);
    expect(compareKeys('ab', 'a')).toBeGreaterThan(0);
  });

  it('keeps folders first in either direction', () => {
    const items = [
      { name: 'b', type: 'file' as const, size: 1, mtime: 3 },
      { name: 'z', type: 'folder' as const, size: 0, mtime: 1 },
      { name: 'a', type: 'file' as const, size: 9, mtime: 2 },
    ];
    expect([...items].sort(compareDriveItems('name', 'desc')).map((i) => i.name)).toEqual(['z', 'b', 'a']);
    expect([...items].sort(compareDriveItems('size', 'asc')).map((i) => i.name)).toEqual(['z', 'b', 'a']);
    expect([...items].sort(compareDriveItems('time', 'desc')).map((i) => i.name)).toEqual(['z', 'b', 'a']);
  });
});

describe('search folding', () => {
  it('folds case and full-width letters; trims and cuts the query', () => {
    expect(foldDriveName('ＲＥＰＯＲＴ Äpfel')).toBe('report äpfel');
    expect(cleanDriveQuery('  合同  ')).toBe('合同');
    expect(cleanDriveQuery('x'.repeat(300))).toHaveLength(100);
    expect(cleanDriveQuery('   ')).toBe('');
  });
});
