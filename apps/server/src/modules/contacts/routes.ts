import { Readable } from 'node:stream';
import { ContactApi, ContactMsg } from '@phonecloud/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { currentSession, requireVerified } from '../../http/guards.js';
import { parse } from '../../http/parse.js';
import { DuplicateService } from './duplicates.js';
import { badRequest } from './errors.js';
import { GroupService } from './groups.js';
import { RecycleService } from './history/recycle.js';
import { TimeMachineService } from './history/time-machine.js';
import { idGroups, idList, jsonField, nameList, versionMap } from './params.js';
import { ContactsService } from './service.js';

const Version = z.coerce.number({ message: ContactMsg.BAD_REQUEST }).int().min(0);
const RefreshBody = z.object({ sync_version: Version, flag: z.string().optional() });
const DetailQuery = z.object({
  server_id: z.coerce.number({ message: ContactMsg.BAD_REQUEST }).int().positive(),
});
const IdsBody = z.object({ server_ids: z.unknown() });
const GroupAddBody = z.object({ group_name: z.string().default('') });
const GroupUpdateBody = z.object({
  old_group_name: z.string({ message: ContactMsg.BAD_REQUEST }),
  group_name: z.string().default(''),
  server_ids: z.unknown().optional(),
});
const GroupDeleteBody = z.object({ group_name: z.string({ message: ContactMsg.BAD_REQUEST }) });
const GroupJoinBody = z.object({ group_names: z.unknown(), server_ids: z.unknown() });
const ObjectBody = z.object({ object_id: z.string().optional(), version_code: z.string().optional() });
const RecoverBody = z.object({ time_machine: z.string({ message: ContactMsg.BAD_REQUEST }) });

/**
 * The book, recycle bin, groups, time machine and duplicates (spec 001 §7). Every route passes
 * the main verification guard: 2002 without a session, 6001 without a fresh check. Requests may
 * carry `sync_version`; conflicts are caught per contact by version_code, so it is not checked.
 */
export async function contactRoutes(app: FastifyInstance, deps: AppDeps) {
  const contacts = new ContactsService(deps);
  const recycle = new RecycleService(deps);
  const groups = new GroupService(deps);
  const timeMachine = new TimeMachineService(deps);
  const duplicates = new DuplicateService(deps);
  const opts = { preHandler: requireVerified(deps, 'main') };
  const uid = (req: FastifyRequest) => currentSession(req).userId;

  app.get(ContactApi.list, opts, async (req, reply) =>
    reply.type('application/json; charset=utf-8').send(Readable.from(await contacts.listJson(uid(req)))),
  );
  app.post(ContactApi.refresh, opts, async (req) => {
    const body = parse(RefreshBody, req.body);
    return ok(await contacts.refresh(uid(req), body.sync_version));
  });
  app.get(ContactApi.detail, opts, async (req) => {
    const q = parse(DetailQuery, req.query);
    return ok(await contacts.detail(uid(req), q.server_id));
  });
  app.post(ContactApi.save, opts, async (req) => {
    const data = jsonField((req.body as { data?: unknown } | undefined)?.data);
    return ok(await contacts.save(uid(req), data));
  });
  app.post(ContactApi.delete, opts, async (req) => {
    const body = parse(IdsBody, req.body);
    return ok(await contacts.remove(uid(req), versionMap(body.server_ids)));
  });

  app.get(ContactApi.recycleList, opts, async (req) => ok(await recycle.list(uid(req))));
  app.post(ContactApi.recycleRecover, opts, async (req) => {
    const ids = idList(parse(IdsBody, req.body).server_ids);
    if (ids.length === 0) throw badRequest();
    return ok(await recycle.recover(uid(req), ids));
  });
  app.post(ContactApi.recycleFullRecover, opts, async (req) => ok(await recycle.recover(uid(req), 'all')));
  app.post(ContactApi.recycleEmpty, opts, async (req) => ok(await recycle.purge(uid(req), 'all')));
  app.post(ContactApi.recycleDelete, opts, async (req) => {
    const ids = idList(parse(IdsBody, req.body).server_ids);
    if (ids.length === 0) throw badRequest();
    return ok(await recycle.purge(uid(req), ids));
  });

  app.post(ContactApi.groupAdd, opts, async (req) => {
    const body = parse(GroupAddBody, req.body);
    return ok(await groups.add(uid(req), body.group_name));
  });
  app.post(ContactApi.groupUpdate, opts, async (req) => {
    const body = parse(GroupUpdateBody, req.body);
    const members = body.server_ids === undefined || body.server_ids === '' ? null : idList(body.server_ids);
    return ok(await groups.update(uid(req), body.old_group_name, body.group_name, members));
  });
  app.post(ContactApi.groupDelete, opts, async (req) => {
    const body = parse(GroupDeleteBody, req.body);
    return ok(await groups.remove(uid(req), body.group_name));
  });
  app.post(ContactApi.groupJoin, opts, async (req) => {
    const body = parse(GroupJoinBody, req.body);
    return ok(await groups.join(uid(req), nameList(body.group_names), idList(body.server_ids)));
  });

  app.get(ContactApi.timeMachineList, opts, async (req) => ok(await timeMachine.list(uid(req))));
  app.post(ContactApi.timeMachineChange, opts, async (req) => {
    const body = parse(ObjectBody, req.body);
    const node = body.object_id || body.version_code;
    if (!node) throw badRequest();
    return ok(await timeMachine.change(uid(req), node));
  });
  app.post(ContactApi.timeMachineRecover, opts, async (req) => {
    const body = parse(RecoverBody, req.body);
    return ok(await timeMachine.recover(uid(req), body.time_machine));
  });

  app.get(ContactApi.repeatList, opts, async (req) => ok(await duplicates.list(uid(req))));
  app.post(ContactApi.merge, opts, async (req) => {
    const data = (req.body as { data?: unknown } | undefined)?.data;
    return ok(await duplicates.merge(uid(req), idGroups(data)));
  });
}
