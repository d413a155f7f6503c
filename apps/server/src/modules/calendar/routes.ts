import { CalendarApi } from '@phonecloud/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { attachmentDisposition } from '../../http/content-disposition.js';
import type { AppDeps } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { currentSession, requireVerified } from '../../http/guards.js';
import { parse } from '../../http/parse.js';
import { CalendarExportService } from './export.js';

const FileParams = z.object({ id: z.string() });

/** The calendar's calls: its export (spec 001 §7) and the export file's download. */
export async function calendarRoutes(app: FastifyInstance, deps: AppDeps) {
  const exporter = new CalendarExportService(deps);
  // The spec gates the contacts' dialog, where the calendar export card lives, by the main scope.
  const guard = requireVerified(deps, 'main');
  const uid = (req: FastifyRequest) => currentSession(req).userId;

  app.post(CalendarApi.export, { preHandler: guard }, async (req) => ok(await exporter.export(uid(req))));

  app.get(`${CalendarApi.exportFile}/:id`, { preHandler: guard }, async (req, reply) => {
    const { id } = parse(FileParams, req.params);
    const file = await exporter.open(uid(req), id);
    if (!file) return reply.status(404).send({ code: 404, message: 'not found' });
    reply.header('content-disposition', attachmentDisposition(file.name));
    reply.header('cache-control', 'private, no-store');
    reply.header('content-length', String(file.size));
    return reply.type('text/calendar; charset=utf-8').send(file.stream);
  });
}
