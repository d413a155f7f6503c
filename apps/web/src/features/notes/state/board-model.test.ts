import type { Note, NoteList } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import {
  boxNotes,
  dropNote,
  maxZ,
  placeNote,
  placeOf,
  putNote,
  sortedBoards,
  unplaceNote,
} from './board-model';

const note = (id: string, extra: Partial<Note> = {}): Note => ({
  server_id: id,
  version_code: 1,
  delete_time: 0,
  title: id,
  content: [],
  remindtime: 0,
  classify: 0,
  remind: 0,
  mode: 2,
  top: 0,
  create_date: 0,
  modified_date: 0,
  status: 0,
  ...extra,
});

function sample(): NoteList {
  return {
    sync_version: 3,
    notebox: { note_ids: ['a', 'b'] },
    list: { a: note('a'), b: note('b'), c: note('c', { status: 1 }) },
    viewBlackBoard: {
      '9': { blackboard_id: '9', sort: 1, member_list: {} },
      '7': {
        blackboard_id: '7',
        sort: 0,
        member_list: { c: { member_id: 'm1', position: { x: 10, y: 20, z_index: 4 } } },
      },
    },
  };
}

describe('board model', () => {
  it('orders boards by sort and finds a note’s place', () => {
    const list = sample();
    expect(sortedBoards(list).map((b) => b.blackboard_id)).toEqual(['7', '9']);
    expect(placeOf(list, 'c')?.board.blackboard_id).toBe('7');
    expect(placeOf(list, 'a')).toBeNull();
    expect(maxZ(list.viewBlackBoard['7'] ?? { blackboard_id: '', sort: 0, member_list: {} })).toBe(4);
    expect(boxNotes(list).map((n) => n.server_id)).toEqual(['a', 'b']);
  });

  it('places a box note on a board and moves a board note to another', () => {
    let list = placeNote(sample(), 'a', '9', { member_id: 'm2', position: { x: 1, y: 2, z_index: 1 } });
    expect(list.notebox.note_ids).toEqual(['b']);
    expect(list.list.a?.status).toBe(1);
    expect(placeOf(list, 'a')?.board.blackboard_id).toBe('9');
    list = placeNote(list, 'c', '9', { member_id: 'm1', position: { x: 5, y: 5, z_index: 2 } });
    expect(Object.keys(list.viewBlackBoard['7']?.member_list ?? {})).toEqual([]);
    expect(Object.keys(list.viewBlackBoard['9']?.member_list ?? {}).sort()).toEqual(['a', 'c']);
  });

  it('takes a note back to the top of the box, and drops one into the bin', () => {
    let list = unplaceNote(sample(), 'c');
    expect(list.notebox.note_ids).toEqual(['c', 'a', 'b']);
    expect(list.list.c?.status).toBe(0);
    expect(placeOf(list, 'c')).toBeNull();
    list = dropNote(list, 'a');
    expect(list.list.a).toBeUndefined();
    expect(list.notebox.note_ids).toEqual(['c', 'b']);
  });

  it('puts a new note at the top of the box and replaces a known one in place', () => {
    let list = putNote(sample(), note('n', { title: 'new' }));
    expect(list.notebox.note_ids).toEqual(['n', 'a', 'b']);
    list = putNote(list, note('c', { title: 'changed', status: 1 }));
    expect(list.notebox.note_ids).toEqual(['n', 'a', 'b']);
    expect(list.list.c?.title).toBe('changed');
  });
});
