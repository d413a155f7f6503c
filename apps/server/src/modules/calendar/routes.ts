import { CalendarApi } from '@phonecloud/shared';
import { CalendarBinUidsBody, CalendarFileParams } from '@phonecloud/shared/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { attachmentDisposition } from '../../http/content-disposition.js';
import type { AppDeps } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { currentSession, requireVerified } from '../../http/guards.js';
import type { ZodSchemas } from '../../http/route-schemas.js';
import { CalendarExportService } from './export.js';
import { CalendarService } from './service.js';

/**
 * The calendar's calls: its export (spec 001 §7), the export file's download, and the recycle
 * bin (the product's own: what phones and CalDAV clients delete can be had back).
 */
export async function calendarRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<ZodSchemas>();
  const exporter = new CalendarExportService(deps);
  // The spec gates the contacts' dialog, where the calendar export card lives, by the main scope.
  const guard = requireVerified(deps, 'main');
  const uid = (req: FastifyRequest) => currentSession(req).userId;

  app.post(CalendarApi.export, { preHandler: guard }, async (req) => ok(await exporter.export(uid(req))));

  const calendar = new CalendarService(deps);
  app.get(CalendarApi.binList, { preHandler: guard }, async (req) => ok(await calendar.bin(uid(req))));
  const binUids = { preHandler: guard, schema: { body: CalendarBinUidsBody } };
  app.post(CalendarApi.binRecover, binUids, async (req) =>
    ok(await calendar.recover(uid(req), req.body.uids)),
  );
  app.post(CalendarApi.binDelete, binUids, async (req) =>
    ok(await calendar.dropFromBin(uid(req), req.body.uids)),
  );
  app.post(CalendarApi.binEmpty, { preHandler: guard }, async (req) =>
    ok(await calendar.dropFromBin(uid(req), null)),
  );

  const exportFile = { preHandler: guard, schema: { params: CalendarFileParams } };
  app.get(`${CalendarApi.exportFile}/:id`, exportFile, async (req, reply) => {
    const file = await exporter.open(uid(req), req.params.id);
    if (!file) return reply.status(404).send({ code: 404, message: 'not found' });
    reply.header('content-disposition', attachmentDisposition(file.name));
    reply.header('cache-control', 'private, no-store');
    reply.header('content-length', String(file.size));
    return reply.type('text/calendar; charset=utf-8').send(file.stream);
  });
}
