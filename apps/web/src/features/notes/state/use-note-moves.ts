import { BLACKBOARD_NOTES_MAX, type BoardMember, type NoteList, NoteMsg } from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { shouldReport } from '../../../api';
import { toast } from '../../../components/toast';
import { type BoardPlace, noteCalls } from '../api/note-calls';
import { currentList, reloadList, updateList } from '../api/note-queries';
import { dropNote, maxZ, placeNote, placeOf, unplaceNote } from './board-model';

function report(e: unknown) {
  if (shouldReport(e)) toast.error(e instanceof Error ? e.message : String(e));
}

/**
 * Where a note can go (spec 001 §4): onto a board (from the box or another board), to another
 * place on its board, to the front, back to the box, into the recycle bin. The screen moves the
 * note at once; a refusal (a full board, a note changed elsewhere) reads the list again.
 */
export function useNoteMoves() {
  const qc = useQueryClient();
  return useMemo(() => {
    const list = (): NoteList | undefined => currentList(qc);

    const toBoard = async (noteId: string, boardId: string, place: BoardPlace) => {
      const now = list();
      const board = now?.viewBlackBoard[boardId];
      if (!now || !board) {
        toast.error(NoteMsg.NO_BOARD);
        return;
      }
      const from = placeOf(now, noteId);
      const memberId = from?.member.member_id ?? '';
      if (
        from?.board.blackboard_id !== boardId &&
        Object.keys(board.member_list).length >= BLACKBOARD_NOTES_MAX
      ) {
        toast.error(NoteMsg.BOARD_FULL);
        return;
      }
      const guess: BoardMember = {
        member_id: memberId,
        position: { x: Math.round(place.x), y: Math.round(place.y), z_index: maxZ(board) + 1 },
      };
      updateList(qc, (l) => placeNote(l, noteId, boardId, guess));
      try {
        const r = await noteCalls.boardMove(noteId, boardId, memberId, place);
        const member = r.member;
        updateList(qc, (l) => {
          const next = { ...l, sync_version: r.sync_version };
          return member && r.blackboard_id ? placeNote(next, noteId, r.blackboard_id, member) : next;
        });
      } catch (e) {
        report(e);
        await reloadList(qc);
      }
    };

    return {
      toBoard,
      /** Bring to front: move.do to the same place; the server sets z_index to max + 1. */
      toFront: async (noteId: string) => {
        const now = list();
        const at = now && placeOf(now, noteId);
        if (!at) return;
        const z = at.member.position.z_index;
        const others = Object.entries(at.board.member_list).filter(([id]) => id !== noteId);
        if (others.every(([, m]) => m.position.z_index < z)) return;
        await toBoard(noteId, at.board.blackboard_id, at.member.position);
      },
      toBox: async (noteId: string) => {
        const now = list();
        const at = now && placeOf(now, noteId);
        if (!at) return;
        updateList(qc, (l) => unplaceNote(l, noteId));
        try {
          const r = await noteCalls.boardMoveOut(at.member.member_id);
          updateList(qc, (l) => ({ ...l, sync_version: r.sync_version }));
        } catch (e) {
          report(e);
          await reloadList(qc);
        }
      },
      toRecycle: async (noteId: string) => {
        const now = list();
        const note = now?.list[noteId];
        if (!now || !note) return;
        updateList(qc, (l) => dropNote(l, noteId));
        try {
          const r = await noteCalls.remove(now.sync_version, { [noteId]: note.version_code });
          updateList(qc, (l) => ({ ...l, sync_version: r.sync_version }));
          toast.success(NoteMsg.DELETED);
        } catch (e) {
          report(e);
          await reloadList(qc);
        }
      },
    };
  }, [qc]);
}
