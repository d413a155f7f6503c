import { CALENDAR_VIEW_TZID, CalendarApi, scopeOfArea } from '@phonecloud/shared';
import {
  CalendarChangesQuery,
  CalendarDaysQuery,
  CalendarRangeQuery,
  CalendarSearchQuery,
  CalendarSettingBody,
} from '@phonecloud/shared/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../http/context.js';
import { ok } from '../../../http/envelope.js';
import { currentSession, requireVerified } from '../../../http/guards.js';
import type { ZodSchemas } from '../../../http/route-schemas.js';
import { contactsVersion } from '../../contacts/index.js';
import { CalendarService } from '../service.js';
import { CalendarsService } from './calendars.js';
import { CalendarRangeService } from './range.js';
import { calendarWriteRoutes } from './routes-write.js';
import { CalendarSearchService } from './search.js';

/**
 * The portal's calendar screens (the product's own calls): what the views read. Behind the
 * calendar's gate (`/calendar.check`), which is the contacts' second verification.
 */
export async function calendarPortalRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<ZodSchemas>();
  const preHandler = requireVerified(deps, scopeOfArea('calendar'));
  const uid = (req: FastifyRequest) => currentSession(req).userId;
  const calendars = new CalendarsService(deps);
  const ranges = new CalendarRangeService(deps);
  const searches = new CalendarSearchService(deps);
  const store = new CalendarService(deps);

  app.get(CalendarApi.calendars, { preHandler }, async (req) => ok(await calendars.list(uid(req))));
  app.post(
    CalendarApi.calendarSetting,
    { preHandler, schema: { body: CalendarSettingBody } },
    async (req) => {
      const { calendar_id, ...patch } = req.body;
      return ok(await calendars.save(uid(req), calendar_id, patch));
    },
  );
  app.get(CalendarApi.range, { preHandler, schema: { querystring: CalendarRangeQuery } }, async (req) =>
    ok(await ranges.range(uid(req), req.query)),
  );
  app.get(CalendarApi.days, { preHandler, schema: { querystring: CalendarDaysQuery } }, async (req) =>
    ok(ranges.days(req.query.start, req.query.end)),
  );
  app.get(CalendarApi.search, { preHandler, schema: { querystring: CalendarSearchQuery } }, async (req) =>
    ok(await searches.search(uid(req), req.query.q, req.query.limit, CALENDAR_VIEW_TZID)),
  );
  app.get(CalendarApi.changes, { preHandler, schema: { querystring: CalendarChangesQuery } }, async (req) => {
    const poll = await store.pollSince(uid(req), req.query.sync_version);
    const contacts = await contactsVersion(deps, uid(req));
    const moved = req.query.contacts_version !== undefined && req.query.contacts_version !== contacts;
    return ok({ ...poll, contacts_version: contacts, changed: moved ? 1 : poll.changed });
  });
  await calendarWriteRoutes(app, deps);
}
