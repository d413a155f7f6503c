import type { Note } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { audioType, draftOf, fileExtension, hasSubstance, inputOf, textBlock } from './draft';

describe('editor draft', () => {
  it('starts a new note with one empty text block and nothing to save', () => {
    const d = draftOf(null, 3);
    expect(d.blocks).toHaveLength(1);
    expect(d.classify).toBe(3);
    expect(hasSubstance(d)).toBe(false);
    expect(hasSubstance({ ...d, main: '标题' })).toBe(true);
    expect(hasSubstance({ ...d, blocks: [{ key: 'x', type: 'image', content: '/f/1' }] })).toBe(true);
  });

  it('splits the title and sends it joined with the version it started from', () => {
    const note = {
      server_id: '5',
      version_code: 9,
      title: '周末\u001f采购',
      content: [{ type: 'text', content: '牛奶', mode: 1, checked: 1 }],
      classify: 1,
    } as Note;
    const d = draftOf(note);
    expect([d.main, d.sub]).toEqual(['周末', '采购']);
    const input = inputOf({ ...d, blocks: [...d.blocks, textBlock('  ')] });
    expect(input).toEqual({
      server_id: '5',
      version_code: 9,
      title: '周末\u001f采购',
      content: [{ type: 'text', content: '牛奶', mode: 1, checked: 1 }],
      classify: 1,
    });
  });

  it('leaves out an empty checklist line and matches checked to the mode', () => {
    const d = { ...draftOf(null), blocks: [textBlock('', 0), { ...textBlock('x', 1), checked: 0 }] };
    expect(inputOf(d).content).toEqual([{ type: 'text', content: 'x', mode: 1, checked: 1 }]);
    expect(inputOf(d).server_id).toBeUndefined();
  });

  it('reads file extensions and audio types', () => {
    expect(fileExtension('a.B.JPG')).toBe('jpg');
    expect(fileExtension('noext')).toBe('');
    expect(audioType('memo.m4a')).toBe('audio/mp4');
    expect(audioType('x.amr')).toBe('');
  });
});
