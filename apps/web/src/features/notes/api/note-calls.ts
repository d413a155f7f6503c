import {
  type BlackboardAddResult,
  type BoardMoveResult,
  NoteApi,
  type NoteChangeResult,
  type NoteInput,
  type NoteList,
  NoteMsg,
  type NoteRecycleList,
  type NoteSaveResult,
  NoteStatus,
} from '@phonecloud/shared';
import { api, type CallOptions } from '../../../api';

/** Every call of the area names it, so that a 6001 leads to /note.check. */
const AREA: CallOptions = { area: 'note' };
const json = (v: unknown) => JSON.stringify(v);

/** A note's place on a board, as move.do takes it (the server sets z_index: max + 1). */
export interface BoardPlace {
  x: number;
  y: number;
}

/** The notes calls of spec 001 §7, typed with the shared contract. */
export const noteCalls = {
  /** May take the answer the page asked for before its scripts ran (vite.config.ts, areaPreload). */
  list: () => api.get<NoteList>(NoteApi.list, { ...AREA, netError: NoteMsg.NET_LIST, early: true }),
  /** `requestKey`: a create's key, kept until the note has its id (a retry answers that note). */
  save: (note: NoteInput, requestKey?: string) =>
    api.post<NoteSaveResult>(NoteApi.save, { data: json(note) }, { ...AREA, requestKey }),
  /** Into the recycle bin; `versions`: id to the version_code the screen showed. */
  remove: (syncVersion: number, versions: Record<string, number>) =>
    api.post<NoteChangeResult>(
      NoteApi.delete,
      { sync_version: syncVersion, server_ids: json(versions) },
      AREA,
    ),

  boardAdd: () => api.post<BlackboardAddResult>(NoteApi.boardAdd, {}, AREA),
  boardDelete: (boardId: string) =>
    api.post<{ sync_version: number }>(NoteApi.boardDelete, { blackboard_id: boardId }, AREA),
  /** `memberId`: the note's member id on the board it is on, '' when it comes from the box. */
  boardMove: (noteId: string, boardId: string, memberId: string, place: BoardPlace) =>
    api.post<BoardMoveResult>(
      NoteApi.boardMove,
      {
        data: noteId,
        blackboard_id: boardId,
        status: NoteStatus.BOARD,
        member_id: memberId,
        position: json({ x: Math.round(place.x), y: Math.round(place.y) }),
      },
      AREA,
    ),
  boardMoveOut: (memberId: string) =>
    api.post<BoardMoveResult>(NoteApi.boardMoveOut, { member_id: memberId }, AREA),

  recycleList: () => api.get<NoteRecycleList>(NoteApi.recycleList, AREA),
  recycleRecover: (ids: readonly string[]) =>
    api.post<NoteChangeResult>(NoteApi.recycleRecover, { server_ids: json(ids) }, AREA),
  recycleRecoverAll: () => api.post<NoteChangeResult>(NoteApi.recycleFullRecover, {}, AREA),
  recycleDelete: (ids: readonly string[]) =>
    api.post<NoteChangeResult>(NoteApi.recycleDelete, { server_ids: json(ids) }, AREA),
  recycleEmpty: () => api.post<NoteChangeResult>(NoteApi.recycleEmpty, {}, AREA),
};
