import { SmsApi, SmsMsg } from '@phonecloud/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { currentSession, requireVerified } from '../../http/guards.js';
import { parse } from '../../http/parse.js';
import { SmsSearch } from './search.js';
import { SmsService } from './service.js';

const Version = z.coerce.number({ message: SmsMsg.BAD_REQUEST }).int().min(0);
const Id = z.coerce.number({ message: SmsMsg.BAD_REQUEST }).int().positive();
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), Id.optional());
const Address = z
  .string({ message: SmsMsg.BAD_REQUEST })
  .min(1, SmsMsg.BAD_REQUEST)
  .max(200, SmsMsg.BAD_REQUEST);
const RefreshBody = z.object({ sync_version: Version, flag: z.string().optional() });
const DetailBody = z.object({ format_address: Address, before: optionalId, anchor: optionalId });
const FavouriteBody = z.object({
  favourite: z.coerce.number({ message: SmsMsg.BAD_REQUEST }).pipe(z.union([z.literal(0), z.literal(1)])),
  sync_version: Version,
  serverId: Id,
});
const DeleteBody = z.object({ sync_version: Version, format_address: Address });
const SearchBody = z.object({
  query: z.string({ message: SmsMsg.BAD_REQUEST }),
  offset: z.coerce.number({ message: SmsMsg.BAD_REQUEST }).int().min(0).default(0),
});

/**
 * The box (spec 001 §7): every route passes the main verification guard, 2002 without a
 * session and 6001 without a fresh check. Writes carry the box's sync_version: a stale one is
 * refused whole (SmsCode.STALE_SYNC).
 */
export async function smsRoutes(app: FastifyInstance, deps: AppDeps) {
  const sms = new SmsService(deps);
  const search = new SmsSearch(deps);
  const opts = { preHandler: requireVerified(deps, 'main') };
  const uid = (req: FastifyRequest) => currentSession(req).userId;

  app.get(SmsApi.list, opts, async (req) => ok(await sms.list(uid(req))));
  app.post(SmsApi.refresh, opts, async (req) => {
    const body = parse(RefreshBody, req.body);
    return ok(await sms.refresh(uid(req), body.sync_version));
  });
  app.post(SmsApi.detail, opts, async (req) => {
    const body = parse(DetailBody, req.body);
    return ok(await sms.detail(uid(req), body.format_address, body.before, body.anchor));
  });
  app.post(SmsApi.favourite, opts, async (req) => {
    const body = parse(FavouriteBody, req.body);
    return ok(await sms.favourite(uid(req), body.serverId, body.favourite === 1, body.sync_version));
  });
  app.post(SmsApi.delete, opts, async (req) => {
    const body = parse(DeleteBody, req.body);
    return ok(await sms.remove(uid(req), body.format_address, body.sync_version));
  });
  app.post(SmsApi.search, opts, async (req) => {
    const body = parse(SearchBody, req.body);
    return ok(await search.search(uid(req), body.query, body.offset));
  });
}
