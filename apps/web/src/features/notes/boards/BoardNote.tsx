import { EditOutlined, EllipsisOutlined, HolderOutlined } from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import { type BoardPosition, type Note, NoteMsg } from '@phonecloud/shared';
import { Button, Dropdown, Modal } from 'antd';
import { memo } from 'react';
import { NoteFace } from '../box/NoteFace';
import { T } from '../texts';
import { pointerOnly } from './drag-listeners';

export interface BoardNoteActions {
  toFront(id: string): void;
  edit(id: string): void;
  toBox(id: string): void;
  recycle(id: string): void;
}

/**
 * A note placed on a board: a click brings it to the front, a double click (or its edit button)
 * edits it in place; it drags by its body (mouse, held touch) or by its handle (keyboard).
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
  return (
    <div
      ref={setNodeRef}
      className={`board-note${isDragging ? ' is-dragging' : ''}`}
      data-note={id}
      style={{ left: position.x, top: position.y, zIndex: position.z_index }}
    >
      <button
        type="button"
        className="board-note__body"
        aria-label={`${T.toFront}：${note.title || T.untitled}`}
        onClick={() => actions.toFront(id)}
        onDoubleClick={() => actions.edit(id)}
        {...pointerOnly(listeners)}
      >
        <NoteFace note={note} now={now} />
      </button>
      <div className="board-note__tools">
        <button
          type="button"
          className="note-card__handle"
          aria-label={T.drag}
          {...attributes}
          {...listeners}
        >
          <HolderOutlined />
        </button>
        <Button
          type="text"
          size="small"
          icon={<EditOutlined />}
          aria-label={T.edit}
          onClick={() => actions.edit(id)}
        />
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'front', label: T.toFront },
              { key: 'box', label: T.toBox },
              { key: 'delete', label: T.delete, danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'front') actions.toFront(id);
              else if (key === 'box') actions.toBox(id);
              else
                Modal.confirm({
                  title: NoteMsg.DELETE_CONFIRM,
                  okText: T.confirm,
                  cancelText: T.cancel,
                  onOk: () => actions.recycle(id),
                });
            },
          }}
        >
          <Button type="text" size="small" icon={<EllipsisOutlined />} aria-label={T.more} />
        </Dropdown>
      </div>
    </div>
  );
});
