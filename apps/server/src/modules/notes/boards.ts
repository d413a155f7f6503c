import {
  BLACKBOARD_COORD_MAX,
  BLACKBOARD_MAX,
  BLACKBOARD_NOTES_MAX,
  type Blackboard,
  type BlackboardAddResult,
  type BoardMoveResult,
  NoteCode,
  NoteMsg,
  NoteStatus,
} from '@phonecloud/shared';
import { z } from 'zod';
import type { AppDeps } from '../../http/context.js';
import { AppError, invalid } from '../../http/errors.js';
import { badRequest, notFound, toId } from './errors.js';
import { ChangeKind, type MemberRow, NotesRepo, noteChanges } from './repo.js';

export interface BoardView {
  boards: Record<string, Blackboard>;
  /** Ids of the notes on a board. */
  placed: Set<number>;
}

const boardGone = () => new AppError(NoteCode.NOT_FOUND, NoteMsg.BOARD_NOT_FOUND);
const memberGone = () => new AppError(NoteCode.NOT_FOUND, NoteMsg.MEMBER_NOT_FOUND);

const memberOf = (m: MemberRow) => ({
  member_id: String(m.id),
  position: { x: Number(m.x), y: Number(m.y), z_index: Number(m.z) },
});

/** list.do's `viewBlackBoard` (spec 001 §3: keyed by board, `member_list` keyed by note id). */
export async function boardsView(repo: NotesRepo, userId: number): Promise<BoardView> {
  const [boards, members] = await Promise.all([repo.boards(userId), repo.members(userId)]);
  const out: Record<string, Blackboard> = {};
  for (const b of boards)
    out[String(b.id)] = { blackboard_id: String(b.id), sort: Number(b.sort), member_list: {} };
  const placed = new Set<number>();
  for (const m of members) {
    const board = out[String(m.board_id)];
    if (!board) continue;
    board.member_list[String(m.note_id)] = memberOf(m);
    placed.add(Number(m.note_id));
  }
  return { boards: out, placed };
}

const Coord = z.coerce.number({ message: NoteMsg.BAD_REQUEST }).finite();
const PositionSchema = z.object({ x: Coord, y: Coord, z_index: Coord.optional() });
const clampCoord = (v: number) => Math.max(0, Math.min(BLACKBOARD_COORD_MAX, Math.round(v)));

/** The `position` of move.do: a JSON object `{x, y, z_index}` (z_index is the server's to set). */
export function parsePosition(value: unknown): { x: number; y: number } {
  let v: unknown = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      throw badRequest();
    }
  }
  const r = PositionSchema.safeParse(v);
  if (!r.success) throw badRequest();
  return { x: clampCoord(r.data.x), y: clampCoord(r.data.y) };
}

export interface MoveInput {
  noteId: number;
  boardId: string;
  status: string | undefined;
  memberId: string;
  position: { x: number; y: number };
}

/** Blackboards (spec 001 §2, §4, §5): at most 5, 100 notes each, deleted only empty and not last. */
export class BoardService {
  constructor(private readonly deps: AppDeps) {}

  private tx<T>(fn: (repo: NotesRepo) => Promise<T>): Promise<T> {
    return this.deps.db.transaction().execute((trx) => fn(new NotesRepo(trx)));
  }

  async add(userId: number): Promise<BlackboardAddResult> {
    const now = this.deps.clock.now();
    return this.tx(async (repo) => {
      await repo.ensureBook(userId, now);
      // The bump first: its row lock makes two adds of one user take turns on PostgreSQL.
      const version = await repo.bump(userId, now);
      const boards = await repo.boards(userId);
      if (boards.length >= BLACKBOARD_MAX) throw invalid(NoteMsg.BOARD_LIMIT);
      const id = await repo.allocate(userId);
      const sort = boards.reduce((m, b) => Math.max(m, Number(b.sort) + 1), 0);
      await repo.insertBoard(userId, id, sort, now);
      return { sync_version: version, blackboard: { blackboard_id: String(id), sort, member_list: {} } };
    });
  }

  async delete(userId: number, boardId: number): Promise<{ sync_version: number }> {
    const now = this.deps.clock.now();
    return this.tx(async (repo) => {
      await repo.ensureBook(userId, now);
      const version = await repo.bump(userId, now);
      const boards = await repo.boards(userId);
      if (!boards.some((b) => Number(b.id) === boardId)) throw boardGone();
      if ((await repo.boardMembers(userId, boardId)).length > 0) throw invalid(NoteMsg.BOARD_NOT_EMPTY);
      if (boards.length <= 1) throw invalid(NoteMsg.BOARD_LAST);
      await repo.deleteBoard(userId, boardId);
      return { sync_version: version };
    });
  }

  /**
   * Places a note from the box on a board, or moves it on its board or to another one. Every
   * move brings the note to the front: its z_index becomes the board's highest plus one.
   */
  async move(userId: number, input: MoveInput): Promise<BoardMoveResult> {
    if (input.status !== undefined && input.status !== '' && Number(input.status) !== NoteStatus.BOARD) {
      throw badRequest();
    }
    const now = this.deps.clock.now();
    return this.tx(async (repo) => {
      await repo.ensureBook(userId, now);
      const version = await repo.bump(userId, now);
      const boards = await repo.boards(userId);
      if (boards.length === 0) throw invalid(NoteMsg.NO_BOARD);
      if (input.boardId === '') throw invalid(NoteMsg.NO_BOARD);
      const boardId = toId(input.boardId);
      if (!boards.some((b) => Number(b.id) === boardId)) throw boardGone();
      const note = await repo.note(userId, input.noteId);
      if (!note || note.deleted_at !== null) throw notFound();
      const current = await repo.memberOfNote(userId, input.noteId);
      if (input.memberId !== '' && (!current || String(current.id) !== input.memberId)) throw memberGone();
      const others = (await repo.boardMembers(userId, boardId)).filter((m) => m.note_id !== current?.note_id);
      if (others.length >= BLACKBOARD_NOTES_MAX) throw invalid(NoteMsg.BOARD_FULL);
      const z = others.reduce((m, o) => Math.max(m, Number(o.z)), 0) + 1;
      const place = { board_id: boardId, x: input.position.x, y: input.position.y, z };
      let memberId: number;
      if (current) {
        memberId = Number(current.id);
        await repo.updateMember(userId, memberId, place);
      } else {
        memberId = await repo.allocate(userId);
        await repo.insertMember({ user_id: userId, id: memberId, note_id: input.noteId, ...place });
      }
      await repo.log.record(userId, version, noteChanges([input.noteId], ChangeKind.WRITTEN, now));
      return {
        sync_version: version,
        blackboard_id: String(boardId),
        member: { member_id: String(memberId), position: { x: place.x, y: place.y, z_index: z } },
      };
    });
  }

  /** moveout.do: the note goes back to the box. */
  async moveOut(userId: number, memberId: number): Promise<BoardMoveResult> {
    const now = this.deps.clock.now();
    return this.tx(async (repo) => {
      await repo.ensureBook(userId, now);
      const version = await repo.bump(userId, now);
      const member = await repo.member(userId, memberId);
      if (!member) throw memberGone();
      await repo.deleteMember(userId, memberId);
      await repo.log.record(userId, version, noteChanges([Number(member.note_id)], ChangeKind.WRITTEN, now));
      return { sync_version: version, blackboard_id: null, member: null };
    });
  }
}
