import { EllipsisOutlined, HolderOutlined } from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import { type Note, NoteMsg } from '@phonecloud/shared';
import { Button, Dropdown, Modal, Tooltip } from 'antd';
import { memo, useMemo } from 'react';
import { pointerOnly } from '../boards/drag-listeners';
import { T } from '../texts';
import { NoteFace } from './NoteFace';
import { NotePreviewBody } from './NotePreview';

export interface CardActions {
  open(id: string): void;
  preview(id: string): void;
  toBoard(id: string): void;
  recycle(id: string): void;
}

// The hover preview waits a little, so that passing over the list does not flash it.
const PREVIEW_DELAY_S = 0.6;

/**
 * A card of the note box: opens the editor on a click, shows the whole note on hover, drags by
 * its body (mouse, a held touch, or the keyboard on its handle) onto a board or the recycle area.
 * Its menu holds the same actions for touch screens and keyboards: preview, put on the board on
 * screen, delete.
 */
export const BoxCard = memo(function BoxCard({
  note,
  now,
  hover,
  actions,
}: {
  note: Note;
  now: number;
  hover: boolean;
  actions: CardActions;
}) {
  const id = note.server_id;
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: `note:${id}`,
    data: { noteId: id, from: 'box' },
  });
  const pointer = useMemo(() => pointerOnly(listeners), [listeners]);
  return (
    <div ref={setNodeRef} className={`note-card${isDragging ? ' is-dragging' : ''}`} data-note={id}>
      <CardBody note={note} now={now} hover={hover} actions={actions} pointer={pointer} />
      <div className="note-card__tools">
        <button
          type="button"
          className="note-card__handle"
          aria-label={T.drag}
          {...attributes}
          {...listeners}
        >
          <HolderOutlined />
        </button>
        <CardMenu id={id} actions={actions} />
      </div>
    </div>
  );
});

/** The card's face, with the hover preview where there is hover; memoised apart from the drag state. */
const CardBody = memo(function CardBody({
  note,
  now,
  hover,
  actions,
  pointer,
}: {
  note: Note;
  now: number;
  hover: boolean;
  actions: CardActions;
  pointer: ReturnType<typeof pointerOnly>;
}) {
  const face = (
    // Mouse and touch drag the card by its body; the keyboard drags by the handle, so that Enter
    // and Space on the body still open the note.
    <button
      type="button"
      className="note-card__body"
      onClick={() => actions.open(note.server_id)}
      {...pointer}
    >
      <NoteFace note={note} now={now} />
    </button>
  );
  if (!hover) return face;
  return (
    <Tooltip
      title={<NotePreviewBody note={note} />}
      placement="right"
      mouseEnterDelay={PREVIEW_DELAY_S}
      classNames={{ root: 'note-hover-preview' }}
    >
      {face}
    </Tooltip>
  );
});

const CardMenu = memo(function CardMenu({ id, actions }: { id: string; actions: CardActions }) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'preview', label: T.preview },
          { key: 'board', label: T.toBoard },
          { key: 'delete', label: T.delete, danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'preview') actions.preview(id);
          else if (key === 'board') actions.toBoard(id);
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
  );
});
