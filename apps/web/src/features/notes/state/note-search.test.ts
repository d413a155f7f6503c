import { joinNoteTitle, type Note, NoteBlockType, type NoteList } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { noteMatches, searchKey, searchNotes } from './note-search';

const note = (id: string, title: string, text: string, modified = 0): Note => ({
  server_id: id,
  version_code: 1,
  delete_time: 0,
  title,
  content: text ? [{ type: NoteBlockType.TEXT, content: text, mode: 2, checked: 0 }] : [],
  remindtime: 0,
  classify: 0,
  remind: 0,
  mode: 2,
  top: 0,
  create_date: 0,
  modified_date: modified,
  status: 0,
});

const list = (box: Note[], boards: Note[]): NoteList => ({
  sync_version: 1,
  notebox: { note_ids: box.map((n) => n.server_id) },
  list: Object.fromEntries([...box, ...boards].map((n) => [n.server_id, n])),
  viewBlackBoard: {},
});

describe('note search', () => {
  const shopping = note('1', joinNoteTitle('周末', '采购清单'), '牛奶\n鸡蛋 Eggs', 5);
  const meeting = note('2', '会议', '周一上午十点开会', 9);
  const board = note('3', '', '记得买牛奶', 7);
  const older = note('4', '旧', '牛', 1);
  const box = list([shopping, meeting], [older, board]);

  it('finds one Chinese character and two, in the title, the subtitle and the text', () => {
    expect(searchNotes(box, '周').map((n) => n.server_id)).toEqual(['1', '2']);
    expect(searchNotes(box, '采购').map((n) => n.server_id)).toEqual(['1']);
    expect(searchNotes(box, '开会').map((n) => n.server_id)).toEqual(['2']);
  });

  it('takes the box in its order, then the notes on boards, the latest change first', () => {
    expect(searchNotes(box, '牛').map((n) => n.server_id)).toEqual(['1', '3', '4']);
  });

  it('folds Latin case and trims; an empty query finds nothing', () => {
    expect(searchNotes(box, '  eggs ').map((n) => n.server_id)).toEqual(['1']);
    expect(searchNotes(box, '   ')).toEqual([]);
    expect(noteMatches(shopping, searchKey(''))).toBe(false);
  });

  it('does not match across the title and the text', () => {
    expect(searchNotes(box, '清单牛')).toEqual([]);
  });
});
