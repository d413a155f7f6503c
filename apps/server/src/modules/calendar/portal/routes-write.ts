import { CalendarApi, scopeOfArea } from '@phonecloud/shared';
import {
  CalendarCreateBody,
  CalendarDeleteBody,
  CalendarEventQuery,
  CalendarUpdateBody,
} from '@phonecloud/shared/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../http/context.js';
import { ok } from '../../../http/envelope.js';
import { currentSession, requireVerified } from '../../../http/guards.js';
import type { ZodSchemas } from '../../../http/route-schemas.js';
import { CalendarDetailService } from './detail.js';
import { calendarImportRoutes } from './routes-import.js';
import { CalendarWriteService } from './writes.js';

/** The dialog's calls: one event read, create, update, delete (a series' instance by scope). */
export async function calendarWriteRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<ZodSchemas>();
  const preHandler = requireVerified(deps, scopeOfArea('calendar'));
  const uid = (req: FastifyRequest) => currentSession(req).userId;
  const details = new CalendarDetailService(deps);
  const writes = new CalendarWriteService(deps);

  app.get(CalendarApi.event, { preHandler, schema: { querystring: CalendarEventQuery } }, async (req) =>
    ok(await details.detail(uid(req), req.query.uid, req.query.recurrence_id)),
  );
  app.post(CalendarApi.create, { preHandler, schema: { body: CalendarCreateBody } }, async (req) =>
    ok(await writes.create(uid(req), req.body)),
  );
  app.post(CalendarApi.update, { preHandler, schema: { body: CalendarUpdateBody } }, async (req) =>
    ok(await writes.update(uid(req), req.body)),
  );
  app.post(CalendarApi.delete, { preHandler, schema: { body: CalendarDeleteBody } }, async (req) =>
    ok(await writes.remove(uid(req), req.body)),
  );
  await calendarImportRoutes(app, deps);
}
