import type { ContactBook } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { contactFixture } from '../test-contacts';
import { applyRefresh, buildBook, countOf, idsOf, refreshChanges } from './book';

const data: ContactBook = {
  sync_version: 5,
  list: {
    '1': contactFixture('1', '张三'),
    '2': contactFixture('2', 'Alice'),
    '3': contactFixture('3', '#x'),
  },
  group: { 家人: ['1'], 空: [] },
  letter_index: { A: ['2'], Z: ['1'], '#': ['3'] },
  group_letter_index: { 家人: { Z: ['1'] }, 空: {} },
};

describe('the book', () => {
  it('lists a tab in index-bar order and counts it', () => {
    const book = buildBook(data);
    expect(idsOf(book, null)).toEqual(['2', '1', '3']);
    expect(idsOf(book, '家人')).toEqual(['1']);
    expect(book.groups).toEqual(['家人', '空']);
    expect(countOf(book, null)).toBe(3);
    expect(countOf(book, '空')).toBe(0);
    expect(countOf(book, '没有')).toBe(0);
  });

  it('applies a refresh delta and keeps unchanged contacts as they were', () => {
    const book = buildBook(data);
    const changed = contactFixture('1', '张三丰');
    const delta = {
      sync_version: 6,
      list: { '1': changed },
      del: ['3'],
      group: { 家人: ['1'] },
      letter_index: { A: ['2'], Z: ['1'] },
      group_letter_index: { 家人: { Z: ['1'] } },
    };
    expect(refreshChanges(book, delta)).toBe(true);
    const next = applyRefresh(book, delta);
    expect(next.syncVersion).toBe(6);
    expect(next.byId.get('1')).toBe(changed);
    expect(next.byId.get('2')).toBe(book.byId.get('2'));
    expect(next.byId.has('3')).toBe(false);
    expect(next.groups).toEqual(['家人']);
    // The old book is untouched (the list may still be rendering it).
    expect(book.byId.has('3')).toBe(true);
  });

  it('sees nothing to do in an empty delta', () => {
    const book = buildBook(data);
    expect(refreshChanges(book, { sync_version: 5, list: {}, del: [] })).toBe(false);
  });
});
