import { DeleteOutlined, LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { useDroppable } from '@dnd-kit/core';
import {
  BLACKBOARD_MAX,
  BLACKBOARD_PAGE_LIMIT,
  type Blackboard,
  type NoteList,
  NoteMsg,
} from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { shouldReport } from '../../../api';
import { toast } from '../../../components/toast';
import { noteCalls } from '../api/note-calls';
import { reloadList, updateList } from '../api/note-queries';
import { confirmDelete } from '../confirm';
import { sortedBoards } from '../state/board-model';
import { useUiState } from '../state/ui-state';
import { useNow } from '../state/use-now';
import { T } from '../texts';
import { BoardNote, type BoardNoteActions } from './BoardNote';
import { InPlaceEditor } from './InPlaceEditor';

/** A board note's box (notes.css .board-note); the board's inner area grows to hold them all. */
export const BOARD_NOTE_PX = { width: 200, height: 132 };

const report = (e: unknown) => {
  if (shouldReport(e)) toast.error(e instanceof Error ? e.message : String(e));
};

/** A tab dot per board, the one on screen selected. */
function BoardDots({
  boards,
  index,
  onPick,
}: {
  boards: readonly Blackboard[];
  index: number;
  onPick(i: number): void;
}) {
  return (
    <div className="board-dots" role="tablist" aria-label={T.boards}>
      {boards.map((b, i) => (
        <button
          key={b.blackboard_id}
          type="button"
          role="tab"
          aria-selected={i === index}
          aria-label={T.boardTab(i + 1, boards.length)}
          className="board-dots__dot"
          onClick={() => onPick(i)}
        />
      ))}
    </div>
  );
}

/**
 * The blackboards (spec 001 §2): one on screen, tab dots when there are several, back and next
 * (next through the first five), add (at most five) and delete (an empty board, not the last).
 */
export function BoardPanel({ list, actions }: { list: NoteList; actions: BoardNoteActions }) {
  const qc = useQueryClient();
  const boards = sortedBoards(list);
  const { boardIndex, setBoardIndex } = useUiState();
  const [busy, setBusy] = useState(false);
  const index = Math.max(0, Math.min(boardIndex, boards.length - 1));
  const board = boards[index];
  const lastPage = Math.min(boards.length, BLACKBOARD_PAGE_LIMIT) - 1;
  const deletable = board !== undefined && boards.length > 1 && Object.keys(board.member_list).length === 0;

  const add = async () => {
    if (boards.length >= BLACKBOARD_MAX) {
      toast.error(NoteMsg.BOARD_LIMIT);
      return;
    }
    setBusy(true);
    try {
      const r = await noteCalls.boardAdd();
      updateList(qc, (l) => ({
        ...l,
        sync_version: r.sync_version,
        viewBlackBoard: { ...l.viewBlackBoard, [r.blackboard.blackboard_id]: r.blackboard },
      }));
      setBoardIndex(boards.length);
    } catch (e) {
      report(e);
      await reloadList(qc);
    } finally {
      setBusy(false);
    }
  };

  const remove = (target: Blackboard) =>
    confirmDelete(async () => {
      try {
        const r = await noteCalls.boardDelete(target.blackboard_id);
        updateList(qc, (l) => {
          const { [target.blackboard_id]: _gone, ...rest } = l.viewBlackBoard;
          return { ...l, sync_version: r.sync_version, viewBlackBoard: rest };
        });
        setBoardIndex(Math.max(0, index - 1));
      } catch (e) {
        report(e);
        await reloadList(qc);
      }
    }, NoteMsg.DELETE_BOARD_CONFIRM);

  return (
    <section className="notes-boards" aria-label={T.boards}>
      <header className="notes-boards__head">
        <Button
          icon={<LeftOutlined />}
          aria-label={T.prevBoard}
          disabled={index <= 0}
          onClick={() => setBoardIndex(index - 1)}
        />
        <h2 className="notes-boards__name">{board ? T.boardN(index + 1) : T.boards}</h2>
        {boards.length > 1 && <BoardDots boards={boards} index={index} onPick={setBoardIndex} />}
        <Button
          icon={<RightOutlined />}
          aria-label={T.nextBoard}
          disabled={index >= lastPage}
          onClick={() => setBoardIndex(index + 1)}
        />
        <span className="notes-boards__spacer" />
        <Button icon={<PlusOutlined />} loading={busy} onClick={() => void add()}>
          {NoteMsg.ADD_BOARD}
        </Button>
        <Button
          icon={<DeleteOutlined />}
          disabled={!deletable}
          title={
            board && !deletable
              ? boards.length <= 1
                ? NoteMsg.BOARD_LAST
                : NoteMsg.BOARD_NOT_EMPTY
              : undefined
          }
          onClick={() => board && remove(board)}
        >
          {T.deleteBoard}
        </Button>
      </header>
      {board ? (
        <BoardSurface key={board.blackboard_id} board={board} list={list} actions={actions} />
      ) : (
        <NoBoard />
      )}
    </section>
  );
}

function NoBoard() {
  const { setNodeRef, isOver } = useDroppable({ id: 'board:none', data: { target: 'none' } });
  return (
    <div ref={setNodeRef} className={`board-surface board-surface--none${isOver ? ' is-over' : ''}`}>
      <p className="board-surface__empty">{NoteMsg.NO_BOARD}</p>
    </div>
  );
}

function BoardSurface({
  board,
  list,
  actions,
}: {
  board: Blackboard;
  list: NoteList;
  actions: BoardNoteActions;
}) {
  const { inPlace, editInPlace } = useUiState();
  const now = useNow();
  const { setNodeRef, isOver } = useDroppable({
    id: `board:${board.blackboard_id}`,
    data: { target: 'board', boardId: board.blackboard_id },
  });
  const members = Object.entries(board.member_list);
  let width = 0;
  let height = 0;
  for (const [, m] of members) {
    width = Math.max(width, m.position.x + BOARD_NOTE_PX.width);
    height = Math.max(height, m.position.y + BOARD_NOTE_PX.height);
  }
  const editing = inPlace ? board.member_list[inPlace] : undefined;
  const editingNote = inPlace ? list.list[inPlace] : undefined;
  return (
    <div className={`board-frame${isOver ? ' is-over' : ''}`}>
      <div ref={setNodeRef} className="board-surface" data-board={board.blackboard_id}>
        <div className="board-surface__inner" style={{ width, height }}>
          {members.length === 0 && <p className="board-surface__empty">{NoteMsg.BOARD_EMPTY}</p>}
          {members.map(([id, m]) => {
            const note = list.list[id];
            return note ? (
              <BoardNote key={id} note={note} position={m.position} now={now} actions={actions} />
            ) : null;
          })}
          {editing && editingNote && inPlace && (
            <InPlaceEditor
              key={inPlace}
              note={editingNote}
              position={editing.position}
              onClose={() => editInPlace(null)}
            />
          )}
        </div>
      </div>
      <div className="board-frame__ring" aria-hidden />
    </div>
  );
}
