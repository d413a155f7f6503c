import { SmsApi } from '@phonecloud/shared';
import {
  SmsDeleteBody,
  SmsDeleteMessageBody,
  SmsDetailBody,
  SmsFavouriteBody,
  SmsRefreshBody,
  SmsSearchBody,
} from '@phonecloud/shared/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { currentSession, requireVerified } from '../../http/guards.js';
import type { ZodSchemas } from '../../http/route-schemas.js';
import { SmsSearch } from './search.js';
import { SmsService } from './service.js';

/**
 * The box (spec 001 §7): every route passes the main verification guard, 2002 without a
 * session and 6001 without a fresh check. Writes carry the box's sync_version: a stale one is
 * refused whole (SmsCode.STALE_SYNC).
 */
export async function smsRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<ZodSchemas>();
  const sms = new SmsService(deps);
  const search = new SmsSearch(deps);
  const opts = { preHandler: requireVerified(deps, 'main') };
  const body = <B>(schema: B) => ({ ...opts, schema: { body: schema } });
  const uid = (req: FastifyRequest) => currentSession(req).userId;

  app.get(SmsApi.list, opts, async (req) => ok(await sms.list(uid(req))));
  app.post(SmsApi.refresh, body(SmsRefreshBody), async (req) =>
    ok(await sms.refresh(uid(req), req.body.sync_version)),
  );
  app.post(SmsApi.detail, body(SmsDetailBody), async (req) => {
    const { format_address, before, anchor } = req.body;
    return ok(await sms.detail(uid(req), format_address, before, anchor));
  });
  app.post(SmsApi.favourite, body(SmsFavouriteBody), async (req) => {
    const { serverId, favourite, sync_version } = req.body;
    return ok(await sms.favourite(uid(req), serverId, favourite === 1, sync_version));
  });
  app.post(SmsApi.delete, body(SmsDeleteBody), async (req) =>
    ok(await sms.remove(uid(req), req.body.format_address, req.body.sync_version)),
  );
  app.post(SmsApi.deleteMessage, body(SmsDeleteMessageBody), async (req) =>
    ok(await sms.removeMessage(uid(req), req.body.serverId, req.body.sync_version)),
  );
  app.post(SmsApi.search, body(SmsSearchBody), async (req) =>
    ok(await search.search(uid(req), req.body.query, req.body.offset)),
  );
}
