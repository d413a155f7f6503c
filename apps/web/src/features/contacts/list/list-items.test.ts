import type { ContactBook } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { buildBook } from '../book/book';
import { contactFixture } from '../test-contacts';
import { buildListModel, indexBarLabel, LETTER_HEIGHT, ROW_HEIGHT, rowAt, rowAtOffset } from './list-items';

const data = {
  sync_version: 1,
  list: {
    '1': contactFixture('1', '张伟', { email: [{ is_primary: 0, address: 'wei@example.com', type: 1 }] }),
    '2': contactFixture('2', '赵磊'),
    '3': contactFixture('3', 'Anna'),
    '4': contactFixture('4', '#井'),
  },
  group: { g: ['2'] },
  letter_index: { A: ['3'], Z: ['1', '2'], '#': ['4'] },
  group_letter_index: { g: { Z: ['2'] } },
} satisfies ContactBook;
const book = buildBook(data);

describe('list rows', () => {
  it('puts a heading before each letter and remembers where it is', () => {
    const m = buildListModel(book, null, '');
    const rows = m.items.map((_, i) => rowAt(m, i));
    expect(rows.map((r) => (r?.kind === 'letter' ? r.letter : r?.id))).toEqual([
      'A',
      '3',
      'Z',
      '1',
      '2',
      '#',
      '4',
    ]);
    expect(m.letterAt.get('Z')).toBe(2);
    expect(m.count).toBe(4);
    expect(m.offsets[2]).toBe(LETTER_HEIGHT + ROW_HEIGHT);
    expect(m.offsets[7]).toBe(3 * LETTER_HEIGHT + 4 * ROW_HEIGHT);
    // The row under a y position, for the window of rendered rows.
    expect(rowAtOffset(m.offsets, 7, 0)).toBe(0);
    expect(rowAtOffset(m.offsets, 7, LETTER_HEIGHT)).toBe(1);
    expect(rowAtOffset(m.offsets, 7, 10_000)).toBe(7);
  });

  it('filters by the query over names, pinyin and other fields, per tab', () => {
    expect(buildListModel(book, null, 'zhang').ids).toEqual(['1']);
    expect(buildListModel(book, null, 'example').ids).toEqual(['1']);
    expect(buildListModel(book, null, 'l').ids).toEqual(['1', '2']);
    expect(buildListModel(book, 'g', 'zhang').ids).toEqual([]);
    expect(buildListModel(book, 'g', '').ids).toEqual(['2']);
    const none = buildListModel(book, null, 'nobody');
    expect(none.items).toEqual([]);
    expect(none.letterAt.size).toBe(0);
  });

  it('narrows the view on screen when the query grows, and starts over when it does not', () => {
    const l = buildListModel(book, null, 'l');
    const le = buildListModel(book, null, 'lei', l);
    expect(le.ids).toEqual(['2']);
    expect(le.letterAt.get('Z')).toBe(0);
    expect(buildListModel(book, null, 'e', le).ids).toEqual(['1', '2']);
    // Another book (a poll's delta) or tab: the whole tab again.
    expect(buildListModel(buildBook({ ...data, sync_version: 2 }), null, 'lei', le).ids).toEqual(['2']);
  });

  it('shows # as AA in the index bar', () => {
    expect(indexBarLabel('#')).toBe('AA');
    expect(indexBarLabel('B')).toBe('B');
  });
});
