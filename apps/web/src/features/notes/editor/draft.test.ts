import { type Note, NoteMsg, type NoteSaveResult } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { afterSave, audioType, draftOf, fileExtension, hasSubstance, inputOf, textBlock } from './draft';

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

  it("takes a conflict copy's title after the save, unless the title was typed since", () => {
    const sent = { ...draftOf(null), serverId: '5', versionCode: 9, main: '原来的' };
    const copyTitle = `原来的${NoteMsg.CONFLICT_TITLE_SUFFIX}`;
    const answer: NoteSaveResult = {
      sync_version: 11,
      optime: 1,
      server_id: '6',
      version_code: 10,
      conflict: { server_id: '5', version_code: 10 },
      note: {
        server_id: '6',
        version_code: 10,
        delete_time: 0,
        title: copyTitle,
        content: [],
        remindtime: 0,
        classify: 0,
        remind: 0,
        mode: 0,
        top: 0,
        create_date: 1,
        modified_date: 1,
        status: 0,
      },
    };
    expect(afterSave(sent, sent, answer)).toMatchObject({ serverId: '6', versionCode: 10, main: copyTitle });
    const typed = { ...sent, main: '新标题' };
    expect(afterSave(typed, sent, answer)).toMatchObject({ serverId: '6', main: '新标题' });
    const { conflict: _, ...plain } = answer;
    expect(afterSave(sent, sent, plain)).toMatchObject({
      serverId: '6',
      main: '原来的',
    });
  });
});
