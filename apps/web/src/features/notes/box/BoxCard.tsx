import { useDraggable } from '@dnd-kit/core';
import type { Note } from '@phonecloud/shared';
import { Tooltip } from 'antd';
import { memo, useEffect, useRef, useState } from 'react';
import { type pointerOnly, useStablePointer } from '../boards/drag-listeners';
import { confirmDelete } from '../confirm';
import { T } from '../texts';
import { DragHandle } from './DragHandle';
import { NoteFace } from './NoteFace';
import { NoteMenu, type NoteMenuItem } from './NoteMenu';
import { NotePreviewBody } from './NotePreview';

export interface CardActions {
  open(id: string): void;
  preview(id: string): void;
  toBoard(id: string): void;
  recycle(id: string): void;
}

// The hover preview waits a little, so that passing over the list does not flash it.
const PREVIEW_DELAY_MS = 600;

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
  const pointer = useStablePointer(listeners);
  return (
    <div ref={setNodeRef} className={`note-card${isDragging ? ' is-dragging' : ''}`} data-note={id}>
      <CardBody note={note} now={now} hover={hover} actions={actions} pointer={pointer} />
      <div className="note-card__tools">
        <DragHandle attributes={attributes} listeners={listeners} />
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
  const preview = useHoverPreview(hover);
  return (
    <>
      {/* Mouse and touch drag the card by its body; the keyboard drags by the handle, so that
          Enter and Space on the body still open the note. */}
      <button
        type="button"
        className="note-card__body"
        onClick={() => actions.open(note.server_id)}
        onMouseEnter={preview.enter}
        onMouseLeave={preview.leave}
        onMouseDown={(e) => {
          preview.leave();
          pointer.onMouseDown?.(e);
        }}
        onTouchStart={pointer.onTouchStart}
      >
        <NoteFace note={note} now={now} />
      </button>
      {preview.open && (
        // Mounted only while shown: a Tooltip in every card made the box's first render slow.
        <Tooltip
          open
          title={<NotePreviewBody note={note} />}
          placement="right"
          classNames={{ root: 'note-hover-preview' }}
        >
          <span className="note-card__anchor" />
        </Tooltip>
      )}
    </>
  );
});

/** Shows the preview once the mouse has rested on the card a moment; leaving or pressing hides it. */
function useHoverPreview(hover: boolean) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return {
    open,
    enter: () => {
      if (!hover) return;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setOpen(true), PREVIEW_DELAY_MS);
    },
    leave: () => {
      window.clearTimeout(timer.current);
      setOpen(false);
    },
  };
}

const CARD_MENU: readonly NoteMenuItem[] = [
  { key: 'preview', label: T.preview },
  { key: 'board', label: T.toBoard },
  { key: 'delete', label: T.delete, danger: true },
];

const CardMenu = memo(function CardMenu({ id, actions }: { id: string; actions: CardActions }) {
  return (
    <NoteMenu
      items={CARD_MENU}
      onPick={(key) => {
        if (key === 'preview') actions.preview(id);
        else if (key === 'board') actions.toBoard(id);
        else confirmDelete(() => actions.recycle(id));
      }}
    />
  );
});
