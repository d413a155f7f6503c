import fastifyMultipart from '@fastify/multipart';
import { CALENDAR_IMPORT_MAX_BYTES, CalendarApi, CalendarMsg, scopeOfArea } from '@phonecloud/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../http/context.js';
import { ok } from '../../../http/envelope.js';
import { invalid } from '../../../http/errors.js';
import { currentSession, requireVerified } from '../../../http/guards.js';
import { CalendarImportService } from './import.js';

/** import.do: one `.ics` file in the multipart field `file` (as the contacts' vCard import). */
export async function calendarImportRoutes(scope: FastifyInstance, deps: AppDeps) {
  const importer = new CalendarImportService(deps);
  const preHandler = requireVerified(deps, scopeOfArea('calendar'));
  // Its own scope: the multipart parser serves this call only.
  await scope.register(async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: CALENDAR_IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    app.post(
      CalendarApi.import,
      { preHandler, bodyLimit: CALENDAR_IMPORT_MAX_BYTES + 64 * 1024 },
      async (req) => {
        if (!req.isMultipart()) throw invalid(CalendarMsg.IMPORT_EMPTY);
        let bytes: Buffer | null = null;
        try {
          for await (const part of req.parts()) {
            if (part.type === 'file' && part.fieldname === 'file' && bytes === null)
              bytes = await part.toBuffer();
            else if (part.type === 'file') await part.toBuffer();
          }
        } catch (err) {
          const code = (err as { code?: string }).code ?? '';
          if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
            throw invalid(CalendarMsg.IMPORT_TOO_LARGE);
          }
          throw err;
        }
        if (!bytes) throw invalid(CalendarMsg.IMPORT_EMPTY);
        return ok(await importer.import(currentSession(req).userId, bytes));
      },
    );
  });
}
