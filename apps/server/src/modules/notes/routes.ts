import { NoteApi } from '@phonecloud/shared';
import {
  NoteBoardBody,
  NoteBoardMoveBody,
  NoteDeleteBody,
  NoteDetailQuery,
  NoteIdsBody,
  NoteMoveOutBody,
  NoteSaveBody,
} from '@phonecloud/shared/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { currentSession, requireVerified } from '../../http/guards.js';
import { requestKeyOf } from '../../http/request-key.js';
import type { ZodSchemas } from '../../http/route-schemas.js';
import { BoardService, parsePosition } from './boards.js';
import { idList, jsonField, toId, versionMap } from './errors.js';
import { NoteRecycleService } from './recycle.js';
import { NotesService } from './service.js';

/**
 * The note box, blackboards and recycle bin (spec 001 §7). Every route passes the main
 * verification guard: 2002 without a session, 6001 without a fresh check. `sync_version` may be
 * sent; conflicts are caught per note by version_code, so it is not checked.
 */
export async function noteRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<ZodSchemas>();
  const notes = new NotesService(deps);
  const boards = new BoardService(deps);
  const recycle = new NoteRecycleService(deps);
  const opts = { preHandler: requireVerified(deps, 'main') };
  const body = <B>(schema: B) => ({ ...opts, schema: { body: schema } });
  const uid = (req: FastifyRequest) => currentSession(req).userId;

  app.get(NoteApi.list, opts, async (req, reply) =>
    reply.type('application/json; charset=utf-8').send(await notes.listJson(uid(req))),
  );
  app.get(NoteApi.detail, { ...opts, schema: { querystring: NoteDetailQuery } }, async (req) =>
    ok(await notes.detail(uid(req), toId(req.query.server_id))),
  );
  app.post(NoteApi.save, body(NoteSaveBody), async (req) =>
    ok(await notes.save(uid(req), jsonField(req.body.data), requestKeyOf(req))),
  );
  app.post(NoteApi.delete, body(NoteDeleteBody), async (req) =>
    ok(await notes.delete(uid(req), versionMap(req.body.server_ids))),
  );

  app.post(NoteApi.boardAdd, opts, async (req) => ok(await boards.add(uid(req))));
  app.post(NoteApi.boardDelete, body(NoteBoardBody), async (req) =>
    ok(await boards.delete(uid(req), toId(req.body.blackboard_id))),
  );
  app.post(NoteApi.boardMove, body(NoteBoardMoveBody), async (req) =>
    ok(
      await boards.move(uid(req), {
        noteId: toId(req.body.data),
        boardId: req.body.blackboard_id,
        status: req.body.status,
        memberId: req.body.member_id,
        position: parsePosition(req.body.position),
      }),
    ),
  );
  app.post(NoteApi.boardMoveOut, body(NoteMoveOutBody), async (req) =>
    ok(await boards.moveOut(uid(req), toId(req.body.member_id))),
  );

  app.get(NoteApi.recycleList, opts, async (req) => ok(await recycle.list(uid(req))));
  app.post(NoteApi.recycleRecover, body(NoteIdsBody), async (req) =>
    ok(await recycle.recover(uid(req), idList(req.body.server_ids))),
  );
  app.post(NoteApi.recycleFullRecover, opts, async (req) => ok(await recycle.recover(uid(req), null)));
  app.post(NoteApi.recycleDelete, body(NoteIdsBody), async (req) =>
    ok(await recycle.remove(uid(req), idList(req.body.server_ids))),
  );
  app.post(NoteApi.recycleEmpty, opts, async (req) => ok(await recycle.remove(uid(req), null)));
}
