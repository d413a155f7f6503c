import {
  BLACKBOARD_MAX,
  BLACKBOARD_NOTES_MAX,
  type BlackboardAddResult,
  type BoardMoveResult,
  Code,
  NoteApi,
  NoteCode,
  NoteMsg,
  NoteStatus,
} from '@phonecloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedClient } from './support/accounts.js';
import type { TestClient } from './support/client.js';
import { closeServer } from './support/contacts.js';
import { TEST_DIALECTS } from './support/db.js';
import { noteList, saveNote, startNotesServer, text } from './support/notes.js';
import type { TestServer } from './support/server.js';

async function addBoard(client: TestClient): Promise<string> {
  const res = await client.post<BlackboardAddResult>(NoteApi.boardAdd, {});
  expect(res.code, res.message).toBe(0);
  return res.data?.blackboard.blackboard_id ?? '';
}

function move(client: TestClient, note: string, board: string, x: number, y: number, member = '') {
  return client.post<BoardMoveResult>(NoteApi.boardMove, {
    data: note,
    blackboard_id: board,
    status: NoteStatus.BOARD,
    member_id: member,
    position: JSON.stringify({ x, y, z_index: 0 }),
  });
}

async function moved(client: TestClient, note: string, board: string, x: number, y: number, member = '') {
  const res = await move(client, note, board, x, y, member);
  expect(res.code, res.message).toBe(0);
  return res.data as BoardMoveResult;
}

describe.each(TEST_DIALECTS)('notes: blackboards [%s]', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startNotesServer(dialect);
  });
  afterAll(() => closeServer(server));

  it('adds up to 5 boards, then answers the limit text', async () => {
    const { client } = await verifiedClient(server);
    const ids: string[] = [];
    for (let i = 0; i < BLACKBOARD_MAX; i++) ids.push(await addBoard(client));
    const sixth = await client.post(NoteApi.boardAdd, {});
    expect([sixth.code, sixth.message]).toEqual([Code.INVALID, NoteMsg.BOARD_LIMIT]);
    const view = (await noteList(client)).viewBlackBoard;
    expect(Object.keys(view).sort()).toEqual([...ids].sort());
    expect(ids.map((id) => view[id]?.sort)).toEqual([0, 1, 2, 3, 4]);
  });

  it('deletes a board only when it is empty and not the last one', async () => {
    const { client } = await verifiedClient(server);
    const note = await saveNote(client, { content: [text('上墙')] });
    // No board yet: a drop answers the spec's text.
    const noBoard = await move(client, note.server_id, '', 10, 10);
    expect([noBoard.code, noBoard.message]).toEqual([Code.INVALID, NoteMsg.NO_BOARD]);

    const first = await addBoard(client);
    const last = await client.post(NoteApi.boardDelete, { blackboard_id: first });
    expect([last.code, last.message]).toEqual([Code.INVALID, NoteMsg.BOARD_LAST]);
    const second = await addBoard(client);
    const placed = await moved(client, note.server_id, second, 10, 20);
    const full = await client.post(NoteApi.boardDelete, { blackboard_id: second });
    expect([full.code, full.message]).toEqual([Code.INVALID, NoteMsg.BOARD_NOT_EMPTY]);

    expect(
      (await client.post(NoteApi.boardMoveOut, { member_id: placed.member?.member_id ?? '' })).code,
    ).toBe(0);
    expect((await client.post(NoteApi.boardDelete, { blackboard_id: second })).code).toBe(0);
    expect(Object.keys((await noteList(client)).viewBlackBoard)).toEqual([first]);
    const gone = await client.post(NoteApi.boardDelete, { blackboard_id: second });
    expect([gone.code, gone.message]).toEqual([NoteCode.NOT_FOUND, NoteMsg.BOARD_NOT_FOUND]);
  });

  it('places, moves, brings to the front, moves between boards and back to the box', async () => {
    const { client } = await verifiedClient(server);
    const [b1, b2] = [await addBoard(client), await addBoard(client)];
    const a = await saveNote(client, { content: [text('A')] });
    const b = await saveNote(client, { content: [text('B')] });
    const c = await saveNote(client, { content: [text('C')] });

    const pa = await moved(client, a.server_id, b1, 10, 10);
    const pb = await moved(client, b.server_id, b1, 50, 60);
    expect([pa.member?.position.z_index, pb.member?.position.z_index]).toEqual([1, 2]);
    let list = await noteList(client);
    expect(list.notebox.note_ids).toEqual([c.server_id]);
    expect(list.list[a.server_id]?.status).toBe(NoteStatus.BOARD);
    expect(list.viewBlackBoard[b1]?.member_list).toEqual({
      [a.server_id]: { member_id: pa.member?.member_id, position: { x: 10, y: 10, z_index: 1 } },
      [b.server_id]: { member_id: pb.member?.member_id, position: { x: 50, y: 60, z_index: 2 } },
    });

    // Bringing A to the front: its place stays, z_index is the board's highest plus one.
    const front = await moved(client, a.server_id, b1, 10, 10, pa.member?.member_id);
    expect(front.member).toEqual({ member_id: pa.member?.member_id, position: { x: 10, y: 10, z_index: 3 } });
    // Moving on the board; coordinates are kept within the board's square.
    const dragged = await moved(client, b.server_id, b1, 400.6, -20, pb.member?.member_id);
    expect(dragged.member?.position).toEqual({ x: 401, y: 0, z_index: 4 });

    // To the other board: the same member, now there, on top of nothing (z 1).
    const across = await moved(client, a.server_id, b2, 5, 5, pa.member?.member_id);
    expect(across).toMatchObject({ blackboard_id: b2, member: { member_id: pa.member?.member_id } });
    expect(across.member?.position.z_index).toBe(1);
    list = await noteList(client);
    expect(Object.keys(list.viewBlackBoard[b1]?.member_list ?? {})).toEqual([b.server_id]);
    expect(Object.keys(list.viewBlackBoard[b2]?.member_list ?? {})).toEqual([a.server_id]);

    // A stale member id (the note moved elsewhere meanwhile) is refused.
    const stale = await move(client, b.server_id, b2, 1, 1, pa.member?.member_id);
    expect([stale.code, stale.message]).toEqual([NoteCode.NOT_FOUND, NoteMsg.MEMBER_NOT_FOUND]);

    // Back to the box.
    const out = await client.post<BoardMoveResult>(NoteApi.boardMoveOut, {
      member_id: pa.member?.member_id ?? '',
    });
    expect(out.data).toMatchObject({ blackboard_id: null, member: null });
    list = await noteList(client);
    expect(list.notebox.note_ids.sort()).toEqual([a.server_id, c.server_id].sort());
    expect(list.list[a.server_id]?.status).toBe(NoteStatus.BOX);
    const again = await client.post(NoteApi.boardMoveOut, { member_id: pa.member?.member_id ?? '' });
    expect(again.code).toBe(NoteCode.NOT_FOUND);

    // To the recycle bin from a board: off the board too; restored, it is back in the box.
    await client.post(NoteApi.delete, { server_ids: JSON.stringify({ [b.server_id]: b.version_code }) });
    list = await noteList(client);
    expect(list.viewBlackBoard[b1]?.member_list).toEqual({});
    await client.post(NoteApi.recycleRecover, { server_ids: JSON.stringify([b.server_id]) });
    expect((await noteList(client)).notebox.note_ids).toContain(b.server_id);

    // Bad positions and statuses are refused.
    for (const position of ['{"x":"a","y":1}', 'nope', '{"y":1}']) {
      const res = await client.post(NoteApi.boardMove, { data: c.server_id, blackboard_id: b1, position });
      expect([res.code, res.message]).toEqual([Code.INVALID, NoteMsg.BAD_REQUEST]);
    }
    const badStatus = await client.post(NoteApi.boardMove, {
      data: c.server_id,
      blackboard_id: b1,
      status: 7,
      position: '{"x":1,"y":1}',
    });
    expect(badStatus.message).toBe(NoteMsg.BAD_REQUEST);
  });

  it('holds at most 100 notes a board', async () => {
    const { client } = await verifiedClient(server);
    const board = await addBoard(client);
    const other = await addBoard(client);
    const ids: string[] = [];
    for (let i = 0; i <= BLACKBOARD_NOTES_MAX; i++)
      ids.push((await saveNote(client, { content: [text(`第${i}条`)] })).server_id);
    let lastMember = '';
    for (const [i, id] of ids.slice(0, BLACKBOARD_NOTES_MAX).entries()) {
      lastMember = (await moved(client, id, board, i, i)).member?.member_id ?? '';
    }
    const over = await move(client, ids[BLACKBOARD_NOTES_MAX] ?? '', board, 0, 0);
    expect([over.code, over.message]).toEqual([Code.INVALID, NoteMsg.BOARD_FULL]);
    // A note already on the full board still moves on it.
    const lastId = ids[BLACKBOARD_NOTES_MAX - 1] ?? '';
    expect((await move(client, lastId, board, 7, 7, lastMember)).code).toBe(0);
    // And one that leaves makes room.
    await moved(client, lastId, other, 1, 1, lastMember);
    expect((await move(client, ids[BLACKBOARD_NOTES_MAX] ?? '', board, 0, 0)).code).toBe(0);
  });

  it("refuses another user's boards, members and notes", async () => {
    const a = await verifiedClient(server);
    const b = await verifiedClient(server);
    // Ids are counted per user: A's come later than any B will have, so a refusal is a refusal.
    for (const t of ['1', '2', '3', '4']) await saveNote(a.client, { content: [text(t)] });
    const board = await addBoard(a.client);
    const note = await saveNote(a.client, { content: [text('A')] });
    const placed = await moved(a.client, note.server_id, board, 1, 1);
    const mineB = await addBoard(b.client);
    const noteB = await saveNote(b.client, { content: [text('B')] });

    const onTheirs = await move(b.client, noteB.server_id, board, 1, 1);
    expect([onTheirs.code, onTheirs.message]).toEqual([NoteCode.NOT_FOUND, NoteMsg.BOARD_NOT_FOUND]);
    expect((await move(b.client, note.server_id, mineB, 1, 1)).code).toBe(NoteCode.NOT_FOUND);
    expect((await move(b.client, noteB.server_id, mineB, 1, 1, placed.member?.member_id)).code).toBe(
      NoteCode.NOT_FOUND,
    );
    expect(
      (await b.client.post(NoteApi.boardMoveOut, { member_id: placed.member?.member_id ?? '' })).code,
    ).toBe(NoteCode.NOT_FOUND);
    expect((await b.client.post(NoteApi.boardDelete, { blackboard_id: board })).code).toBe(
      NoteCode.NOT_FOUND,
    );
    const view = (await noteList(a.client)).viewBlackBoard;
    expect(view[board]?.member_list[note.server_id]?.position).toEqual({ x: 1, y: 1, z_index: 1 });
  });
});
