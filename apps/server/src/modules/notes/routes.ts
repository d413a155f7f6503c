import { NoteApi, NoteMsg } from '@phonecloud/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { currentSession, requireVerified } from '../../http/guards.js';
import { parse } from '../../http/parse.js';
import { BoardService, parsePosition } from './boards.js';
import { idList, jsonField, toId, versionMap } from './errors.js';
import { NoteRecycleService } from './recycle.js';
import { NotesService } from './service.js';

const bad = { message: NoteMsg.BAD_REQUEST };
const DetailQuery = z.object({ server_id: z.string(bad) });
const SaveBody = z.object({ data: z.unknown() });
const DeleteBody = z.object({ server_ids: z.unknown() });
const IdsBody = z.object({ server_ids: z.unknown().optional() });
const BoardBody = z.object({ blackboard_id: z.coerce.string(bad) });
const MoveBody = z.object({
  data: z.coerce.string(bad),
  blackboard_id: z.coerce.string().default(''),
  status: z.coerce.string().optional(),
  member_id: z.coerce.string().default(''),
  position: z.unknown(),
});
const MoveOutBody = z.object({ member_id: z.coerce.string(bad) });

/**
 * The note box, blackboards and recycle bin (spec 001 §7). Every route passes the main
 * verification guard: 2002 without a session, 6001 without a fresh check. `sync_version` may be
 * sent; conflicts are caught per note by version_code, so it is not checked.
 */
export async function noteRoutes(app: FastifyInstance, deps: AppDeps) {
  const notes = new NotesService(deps);
  const boards = new BoardService(deps);
  const recycle = new NoteRecycleService(deps);
  const opts = { preHandler: requireVerified(deps, 'main') };
  const uid = (req: FastifyRequest) => currentSession(req).userId;

  app.get(NoteApi.list, opts, async (req, reply) =>
    reply.type('application/json; charset=utf-8').send(await notes.listJson(uid(req))),
  );
  app.get(NoteApi.detail, opts, async (req) => {
    const q = parse(DetailQuery, req.query);
    return ok(await notes.detail(uid(req), toId(q.server_id)));
  });
  app.post(NoteApi.save, opts, async (req) => {
    const body = parse(SaveBody, req.body);
    return ok(await notes.save(uid(req), jsonField(body.data)));
  });
  app.post(NoteApi.delete, opts, async (req) => {
    const body = parse(DeleteBody, req.body);
    return ok(await notes.delete(uid(req), versionMap(body.server_ids)));
  });

  app.post(NoteApi.boardAdd, opts, async (req) => ok(await boards.add(uid(req))));
  app.post(NoteApi.boardDelete, opts, async (req) => {
    const body = parse(BoardBody, req.body);
    return ok(await boards.delete(uid(req), toId(body.blackboard_id)));
  });
  app.post(NoteApi.boardMove, opts, async (req) => {
    const body = parse(MoveBody, req.body);
    return ok(
      await boards.move(uid(req), {
        noteId: toId(body.data),
        boardId: body.blackboard_id,
        status: body.status,
        memberId: body.member_id,
        position: parsePosition(body.position),
      }),
    );
  });
  app.post(NoteApi.boardMoveOut, opts, async (req) => {
    const body = parse(MoveOutBody, req.body);
    return ok(await boards.moveOut(uid(req), toId(body.member_id)));
  });

  app.get(NoteApi.recycleList, opts, async (req) => ok(await recycle.list(uid(req))));
  app.post(NoteApi.recycleRecover, opts, async (req) => {
    const body = parse(IdsBody, req.body);
    return ok(await recycle.recover(uid(req), idList(body.server_ids)));
  });
  app.post(NoteApi.recycleFullRecover, opts, async (req) => ok(await recycle.recover(uid(req), null)));
  app.post(NoteApi.recycleDelete, opts, async (req) => {
    const body = parse(IdsBody, req.body);
    return ok(await recycle.remove(uid(req), idList(body.server_ids)));
  });
  app.post(NoteApi.recycleEmpty, opts, async (req) => ok(await recycle.remove(uid(req), null)));
}
