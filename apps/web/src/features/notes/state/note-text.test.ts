import type { Note } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { cardTitle, imagesOf, previewLines, recordCount } from './note-text';

const note: Note = {
  server_id: '1',
  version_code: 1,
  delete_time: 0,
  title: '',
  content: [
    { type: 'text', content: '周末采购\n\n牛奶', mode: 2, checked: 0 },
    { type: 'text', content: '鸡蛋', mode: 0, checked: 0 },
    { type: 'text', content: '面包', mode: 1, checked: 1 },
    { type: 'image', content: '/note/attachment/file/k1' },
    { type: 'record', content: 'a.m4a', link: '/note/attachment/file/k2' },
  ],
  remindtime: 0,
  classify: 2,
  remind: 0,
  mode: 0,
  top: 0,
  create_date: 0,
  modified_date: 0,
  status: 0,
};

describe('note text', () => {
  it('takes the first line as the title when there is none', () => {
    expect(cardTitle(note, '无标题')).toBe('周末采购');
    expect(cardTitle({ ...note, title: '标题\u001f副' }, '无标题')).toBe('标题 副');
    expect(cardTitle({ ...note, content: [] }, '无标题')).toBe('无标题');
  });
  it('lists preview lines with their checklist state, skipping blank lines', () => {
    expect(previewLines(note, 10)).toEqual([
      { text: '周末采购', check: 'none' },
      { text: '牛奶', check: 'none' },
      { text: '鸡蛋', check: 'open' },
      { text: '面包', check: 'done' },
    ]);
    expect(previewLines(note, 2)).toHaveLength(2);
  });
  it('finds images and recordings', () => {
    expect(imagesOf(note)).toEqual(['/note/attachment/file/k1']);
    expect(recordCount(note)).toBe(1);
  });
});
