import { Readable } from 'node:stream';
import { ContactApi } from '@phonecloud/shared';
import {
  ContactDetailQuery,
  ContactGroupAddBody,
  ContactGroupDeleteBody,
  ContactGroupJoinBody,
  ContactGroupUpdateBody,
  ContactIdsBody,
  ContactRefreshBody,
  ContactTimeMachineChangeBody,
  ContactTimeMachineRecoverBody,
} from '@phonecloud/shared/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { currentSession, requireVerified } from '../../http/guards.js';
import { requestKeyOf } from '../../http/request-key.js';
import type { ZodSchemas } from '../../http/route-schemas.js';
import { DuplicateService } from './duplicates.js';
import { badRequest } from './errors.js';
import { GroupService } from './groups.js';
import { RecycleService } from './history/recycle.js';
import { TimeMachineService } from './history/time-machine.js';
import { idGroups, idList, jsonField, nameList, versionMap } from './params.js';
import { ContactsService } from './service.js';

/**
 * The book, recycle bin, groups, time machine and duplicates (spec 001 §7). Every route passes
 * the main verification guard: 2002 without a session, 6001 without a fresh check. Requests may
 * carry `sync_version`; conflicts are caught per contact by version_code, so it is not checked.
 */
export async function contactRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<ZodSchemas>();
  const contacts = new ContactsService(deps);
  const recycle = new RecycleService(deps);
  const groups = new GroupService(deps);
  const timeMachine = new TimeMachineService(deps);
  const duplicates = new DuplicateService(deps);
  const opts = { preHandler: requireVerified(deps, 'main') };
  const body = <B>(schema: B) => ({ ...opts, schema: { body: schema } });
  const uid = (req: FastifyRequest) => currentSession(req).userId;

  app.get(ContactApi.list, opts, async (req, reply) =>
    reply.type('application/json; charset=utf-8').send(Readable.from(await contacts.listJson(uid(req)))),
  );
  app.post(ContactApi.refresh, body(ContactRefreshBody), async (req) =>
    ok(await contacts.refresh(uid(req), req.body.sync_version)),
  );
  app.get(ContactApi.detail, { ...opts, schema: { querystring: ContactDetailQuery } }, async (req) =>
    ok(await contacts.detail(uid(req), req.query.server_id)),
  );
  app.post(ContactApi.save, opts, async (req) => {
    const data = jsonField((req.body as { data?: unknown } | undefined)?.data);
    return ok(await contacts.save(uid(req), data, { requestKey: requestKeyOf(req) }));
  });
  app.post(ContactApi.delete, body(ContactIdsBody), async (req) =>
    ok(await contacts.remove(uid(req), versionMap(req.body.server_ids))),
  );

  app.get(ContactApi.recycleList, opts, async (req) => ok(await recycle.list(uid(req))));
  app.post(ContactApi.recycleRecover, body(ContactIdsBody), async (req) => {
    const ids = idList(req.body.server_ids);
    if (ids.length === 0) throw badRequest();
    return ok(await recycle.recover(uid(req), ids));
  });
  app.post(ContactApi.recycleFullRecover, opts, async (req) => ok(await recycle.recover(uid(req), 'all')));
  app.post(ContactApi.recycleEmpty, opts, async (req) => ok(await recycle.purge(uid(req), 'all')));
  app.post(ContactApi.recycleDelete, body(ContactIdsBody), async (req) => {
    const ids = idList(req.body.server_ids);
    if (ids.length === 0) throw badRequest();
    return ok(await recycle.purge(uid(req), ids));
  });

  app.post(ContactApi.groupAdd, body(ContactGroupAddBody), async (req) =>
    ok(await groups.add(uid(req), req.body.group_name)),
  );
  app.post(ContactApi.groupUpdate, body(ContactGroupUpdateBody), async (req) => {
    const { old_group_name, group_name, server_ids } = req.body;
    const members = server_ids === undefined || server_ids === '' ? null : idList(server_ids);
    return ok(await groups.update(uid(req), old_group_name, group_name, members));
  });
  app.post(ContactApi.groupDelete, body(ContactGroupDeleteBody), async (req) =>
    ok(await groups.remove(uid(req), req.body.group_name)),
  );
  app.post(ContactApi.groupJoin, body(ContactGroupJoinBody), async (req) =>
    ok(await groups.join(uid(req), nameList(req.body.group_names), idList(req.body.server_ids))),
  );

  app.get(ContactApi.timeMachineList, opts, async (req) => ok(await timeMachine.list(uid(req))));
  app.post(ContactApi.timeMachineChange, body(ContactTimeMachineChangeBody), async (req) => {
    const node = req.body.object_id || req.body.version_code;
    if (!node) throw badRequest();
    return ok(await timeMachine.change(uid(req), node));
  });
  app.post(ContactApi.timeMachineRecover, body(ContactTimeMachineRecoverBody), async (req) =>
    ok(await timeMachine.recover(uid(req), req.body.time_machine)),
  );

  app.get(ContactApi.repeatList, opts, async (req) => ok(await duplicates.list(uid(req))));
  app.post(ContactApi.merge, opts, async (req) => {
    const data = (req.body as { data?: unknown } | undefined)?.data;
    return ok(await duplicates.merge(uid(req), idGroups(data)));
  });
}
