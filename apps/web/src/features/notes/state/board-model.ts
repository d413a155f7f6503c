import { type Blackboard, type BoardMember, type Note, type NoteList, NoteStatus } from '@phonecloud/shared';

/** The boards in their creation order (the tabs and paging follow it). */
export function sortedBoards(list: NoteList): Blackboard[] {
  return Object.values(list.viewBlackBoard).sort((a, b) => a.sort - b.sort);
}

/** The board a note is placed on and its place there, or null while it is in the box. */
export function placeOf(list: NoteList, noteId: string): { board: Blackboard; member: BoardMember } | null {
  for (const board of Object.values(list.viewBlackBoard)) {
    const member = board.member_list[noteId];
    if (member) return { board, member };
  }
  return null;
}

export function maxZ(board: Blackboard): number {
  let max = 0;
  for (const m of Object.values(board.member_list)) max = Math.max(max, m.position.z_index);
  return max;
}

/** The box's notes in its order (those the list names and has). */
export function boxNotes(list: NoteList): Note[] {
  const out: Note[] = [];
  for (const id of list.notebox.note_ids) {
    const note = list.list[id];
    if (note) out.push(note);
  }
  return out;
}

function withoutMember(boards: NoteList['viewBlackBoard'], noteId: string): NoteList['viewBlackBoard'] {
  const out: NoteList['viewBlackBoard'] = {};
  for (const [id, board] of Object.entries(boards)) {
    if (!board.member_list[noteId]) {
      out[id] = board;
      continue;
    }
    const { [noteId]: _gone, ...rest } = board.member_list;
    out[id] = { ...board, member_list: rest };
  }
  return out;
}

/**
 * The list with a note placed on a board (from the box or another board), as the screen shows it
 * before move.do answers and after, with the answer's member.
 */
export function placeNote(list: NoteList, noteId: string, boardId: string, member: BoardMember): NoteList {
  const boards = withoutMember(list.viewBlackBoard, noteId);
  const board = boards[boardId];
  const note = list.list[noteId];
  if (!board || !note) return list;
  return {
    ...list,
    notebox: { note_ids: list.notebox.note_ids.filter((id) => id !== noteId) },
    list: { ...list.list, [noteId]: { ...note, status: NoteStatus.BOARD } },
    viewBlackBoard: {
      ...boards,
      [boardId]: { ...board, member_list: { ...board.member_list, [noteId]: member } },
    },
  };
}

/** The list with a note taken off its board, back at the top of the box. */
export function unplaceNote(list: NoteList, noteId: string): NoteList {
  const note = list.list[noteId];
  if (!note) return list;
  return {
    ...list,
    notebox: { note_ids: [noteId, ...list.notebox.note_ids.filter((id) => id !== noteId)] },
    list: { ...list.list, [noteId]: { ...note, status: NoteStatus.BOX } },
    viewBlackBoard: withoutMember(list.viewBlackBoard, noteId),
  };
}

/** The list without a note (moved to the recycle bin). */
export function dropNote(list: NoteList, noteId: string): NoteList {
  const { [noteId]: _gone, ...rest } = list.list;
  return {
    ...list,
    notebox: { note_ids: list.notebox.note_ids.filter((id) => id !== noteId) },
    list: rest,
    viewBlackBoard: withoutMember(list.viewBlackBoard, noteId),
  };
}

/** The list with a saved note in it: a new one at the top of the box, a known one replaced. */
export function putNote(list: NoteList, note: Note): NoteList {
  const known = note.server_id in list.list;
  const onBoard = placeOf(list, note.server_id) !== null;
  return {
    ...list,
    notebox: {
      note_ids:
        known || onBoard
          ? onBoard
            ? list.notebox.note_ids
            : [note.server_id, ...list.notebox.note_ids.filter((id) => id !== note.server_id)]
          : [note.server_id, ...list.notebox.note_ids],
    },
    list: { ...list.list, [note.server_id]: note },
  };
}
