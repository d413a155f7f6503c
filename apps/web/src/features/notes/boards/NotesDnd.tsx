import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { type NoteList, NoteMsg } from '@phonecloud/shared';
import { useCallback, useMemo, useRef, useState } from 'react';
import { toast } from '../../../components/toast';
import type { CardActions } from '../box/BoxCard';
import { NoteBox } from '../box/NoteBox';
import { NoteFace } from '../box/NoteFace';
import { confirmDelete } from '../confirm';
import { placeOf, sortedBoards } from '../state/board-model';
import { freeSpot } from '../state/free-spot';
import { useUiState } from '../state/ui-state';
import { useNoteMoves } from '../state/use-note-moves';
import type { BoardNoteActions } from './BoardNote';
import { BOARD_NOTE_PX, BoardPanel } from './BoardPanel';

// A mouse drag starts after a few pixels, so that a click still opens or raises the note; a
// finger must rest a moment first, so that a swipe still scrolls the box.
const MOUSE_START = { distance: 5 };
const TOUCH_START = { delay: 250, tolerance: 8 };
// The recycle area wins over the box it sits in; a board over the box behind an overlay.
const TARGET_ORDER = ['recycle', 'board', 'none', 'box'];

const collisions: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  const found = hits.length ? hits : rectIntersection(args);
  const rank = (id: string | number) => TARGET_ORDER.indexOf(String(id).split(':')[0] ?? '');
  return [...found].sort((a, b) => rank(a.id) - rank(b.id));
};

const announcements: Announcements = {
  onDragStart: () => '已拿起便签',
  onDragOver: ({ over }) => (over ? '便签在可放下的位置上' : '便签不在可放下的位置上'),
  onDragEnd: ({ over }) => (over ? '已放下便签' : '便签已放回原处'),
  onDragCancel: () => '已取消拖动，便签放回原处',
};
const instructions = {
  draggable: '按空格键拿起便签，用方向键移动，再按空格键放下；按 Esc 取消。',
};

interface DragData {
  noteId: string;
  from: 'box' | 'board';
}

/** Where a dragged note was let go: the recycle area, the box, or a spot on a board. */
function dropNote(
  e: DragEndEvent,
  moves: ReturnType<typeof useNoteMoves>,
  confirmRecycle: (id: string) => void,
) {
  const data = e.active.data.current as DragData | undefined;
  const over = e.over;
  if (!data || !over) return;
  const target = (over.data.current as { target?: string; boardId?: string } | undefined) ?? {};
  if (target.target === 'recycle') confirmRecycle(data.noteId);
  else if (target.target === 'box') {
    if (data.from === 'board') void moves.toBox(data.noteId);
  } else if (target.target === 'none') toast.error(NoteMsg.NO_BOARD);
  else if (target.target === 'board' && target.boardId) {
    const surface = document.querySelector<HTMLElement>(`[data-board="${target.boardId}"]`);
    const dropped = e.active.rect.current.translated;
    if (!surface || !dropped) return;
    const at = surface.getBoundingClientRect();
    void moves.toBoard(data.noteId, target.boardId, {
      // Board coordinates start inside the frame (clientLeft/Top) and scroll with the board.
      x: Math.max(0, dropped.left - at.left - surface.clientLeft + surface.scrollLeft),
      y: Math.max(0, dropped.top - at.top - surface.clientTop + surface.scrollTop),
    });
  }
}

/**
 * The note box and the boards under one drag-and-drop context (@dnd-kit/core): a note goes from
 * the box onto a board, around its board, to another board, back to the box, or onto the recycle
 * area (after the delete confirm). Mouse, touch (a held finger) and keyboard all drag.
 */
export function NotesDnd({ list }: { list: NoteList }) {
  const moves = useNoteMoves();
  const ui = useUiState();
  const [dragging, setDragging] = useState<string | null>(null);
  // A mouse or a finger moves over the notes while it drags: they take no hits meanwhile (see
  // notes.css). A keyboard drag leaves the pointer where it is.
  const [byPointer, setByPointer] = useState(false);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: MOUSE_START }),
    useSensor(TouchSensor, { activationConstraint: TOUCH_START }),
    useSensor(KeyboardSensor),
  );

  const confirmRecycle = useCallback((id: string) => confirmDelete(() => moves.toRecycle(id)), [moves]);

  const onDragStart = (e: DragStartEvent) => {
    const data = e.active.data.current as DragData | undefined;
    setDragging(data?.noteId ?? null);
    setByPointer(!(e.activatorEvent instanceof KeyboardEvent));
  };

  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    dropNote(e, moves, confirmRecycle);
  };

  // The actions stay the same objects while the list and the screen change, so that the
  // memoised cards and board notes are not drawn again for them.
  const now = useRef({ list, ui });
  now.current = { list, ui };
  const cardActions: CardActions = useMemo(
    () => ({
      open: (id) => now.current.ui.openEditor(id),
      preview: (id) => now.current.ui.openPreview(id),
      toBoard: (id) => {
        const boards = sortedBoards(now.current.list);
        const board = boards[Math.max(0, Math.min(now.current.ui.boardIndex, boards.length - 1))];
        if (!board) {
          toast.error(NoteMsg.NO_BOARD);
          return;
        }
        const surface = document.querySelector<HTMLElement>(`[data-board="${board.blackboard_id}"]`);
        void moves.toBoard(id, board.blackboard_id, freeSpot(board, BOARD_NOTE_PX, surface?.clientWidth));
      },
      recycle: (id) => void moves.toRecycle(id),
    }),
    [moves],
  );
  const boardActions: BoardNoteActions = useMemo(
    () => ({
      toFront: (id) => void moves.toFront(id),
      edit: (id) => now.current.ui.editInPlace(id),
      toBox: (id) => void moves.toBox(id),
      recycle: (id) => void moves.toRecycle(id),
    }),
    [moves],
  );

  const draggedNote = dragging ? list.list[dragging] : undefined;
  const fromBoard = dragging ? placeOf(list, dragging) !== null : false;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
    >
      <div className={`notes-main${dragging && byPointer ? ' is-dragging' : ''}`}>
        <NoteBox list={list} actions={cardActions} onCreate={() => ui.openEditor('new')} />
        <BoardPanel list={list} actions={boardActions} />
      </div>
      <DragOverlay dropAnimation={null} className="notes-drag-overlay">
        {draggedNote ? (
          <div className={fromBoard ? 'board-note board-note--overlay' : 'note-card note-card--overlay'}>
            <NoteFace note={draggedNote} now={Date.now()} />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
