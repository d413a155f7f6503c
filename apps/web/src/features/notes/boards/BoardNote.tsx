import { EditOutlined } from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import type { BoardPosition, Note } from '@phonecloud/shared';
import { memo } from 'react';
import { DragHandle } from '../box/DragHandle';
import { NoteFace } from '../box/NoteFace';
import { NoteMenu, type NoteMenuItem } from '../box/NoteMenu';
import { confirmDelete } from '../confirm';
import { T } from '../texts';
import { type pointerOnly, useStablePointer } from './drag-listeners';

export interface BoardNoteActions {
  toFront(id: string): void;
  edit(id: string): void;
  toBox(id: string): void;
  recycle(id: string): void;
}

/**
 * A note placed on a board: a click brings it to the front, a double click (or its edit button)
 * edits it in place; it drags by its body (mouse, held touch) or by its handle (keyboard). Only
 * this thin frame follows the drag state; its face and tools are memoised, so a drag over a board
 * of a hundred notes re-renders none of their contents.
 */
export const BoardNote = memo(function BoardNote({
  note,
  position,
  now,
  actions,
}: {
  note: Note;
  position: BoardPosition;
  now: number;
  actions: BoardNoteActions;
}) {
  const id = note.server_id;
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: `note:${id}`,
    data: { noteId: id, from: 'board' },
  });
  const pointer = useStablePointer(listeners);
  return (
    <div
      ref={setNodeRef}
      className={`board-note${isDragging ? ' is-dragging' : ''}`}
      data-note={id}
      style={{ left: position.x, top: position.y, zIndex: position.z_index }}
    >
      <BoardNoteBody note={note} now={now} actions={actions} pointer={pointer} />
      <div className="board-note__tools">
        <DragHandle attributes={attributes} listeners={listeners} />
        <BoardNoteTools id={id} actions={actions} />
      </div>
    </div>
  );
});

const BoardNoteBody = memo(function BoardNoteBody({
  note,
  now,
  actions,
  pointer,
}: {
  note: Note;
  now: number;
  actions: BoardNoteActions;
  pointer: ReturnType<typeof pointerOnly>;
}) {
  const id = note.server_id;
  return (
    <button
      type="button"
      className="board-note__body"
      aria-label={`${T.toFront}：${note.title || T.untitled}`}
      onClick={() => actions.toFront(id)}
      onDoubleClick={() => actions.edit(id)}
      {...pointer}
    >
      <NoteFace note={note} now={now} />
    </button>
  );
});

const BOARD_NOTE_MENU: readonly NoteMenuItem[] = [
  { key: 'front', label: T.toFront },
  { key: 'box', label: T.toBox },
  { key: 'delete', label: T.delete, danger: true },
];

const BoardNoteTools = memo(function BoardNoteTools({
  id,
  actions,
}: {
  id: string;
  actions: BoardNoteActions;
}) {
  // Plain buttons: antd's Button and Dropdown in each of a hundred notes made the board's first
  // render slow (the menu's Dropdown is mounted when it is first opened, see NoteMenu).
  return (
    <>
      <button type="button" className="note-tool" aria-label={T.edit} onClick={() => actions.edit(id)}>
        <EditOutlined />
      </button>
      <NoteMenu
        items={BOARD_NOTE_MENU}
        onPick={(key) => {
          if (key === 'front') actions.toFront(id);
          else if (key === 'box') actions.toBox(id);
          else confirmDelete(() => actions.recycle(id));
        }}
      />
    </>
  );
});
