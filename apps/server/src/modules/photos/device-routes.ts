import type { Readable } from 'node:stream';
import { PhotoDeviceApi } from '@phonecloud/shared';
import {
  PhotoCheckBody,
  PhotoCompleteBody,
  PhotoDeletedBody,
  PhotoEmptyBody,
  PhotoPartQuery,
  PhotoUploadStartBody,
  PhotoWholeQuery,
} from '@phonecloud/shared/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accepts, callerOf } from '../../http/caller.js';
import type { AppDeps } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import type { ZodSchemas } from '../../http/route-schemas.js';
import { PhotoUploads } from './upload.js';

/** The phone's backup calls: its device token (docs/photos.md). */
export async function photoDeviceRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<ZodSchemas>();
  const uploads = new PhotoUploads(deps);
  const device = accepts('device');
  const phone = (req: FastifyRequest) => callerOf(req, 'device');

  app.post(PhotoDeviceApi.check, { ...device, schema: { body: PhotoCheckBody } }, async (req) =>
    ok(await uploads.check(phone(req).userId, req.body.sha256)),
  );
  app.post(PhotoDeviceApi.start, { ...device, schema: { body: PhotoUploadStartBody } }, async (req) =>
    ok(await uploads.start(phone(req).userId, req.body)),
  );
  app.post(PhotoDeviceApi.complete, { ...device, schema: { body: PhotoCompleteBody } }, async (req) => {
    const p = phone(req);
    return ok(await uploads.complete(p.userId, p.deviceId, req.body));
  });
  app.post(PhotoDeviceApi.deleted, { ...device, schema: { body: PhotoDeletedBody } }, async (req) =>
    ok(await uploads.deletedOnPhone(phone(req).userId, req.body.sha256)),
  );
  app.post(PhotoDeviceApi.damaged, { ...device, schema: { body: PhotoEmptyBody } }, async (req) =>
    ok(await uploads.damaged(phone(req).userId)),
  );

  // A part's raw bytes, streamed into the drive's upload session (any Content-Type).
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const typed = raw.withTypeProvider<ZodSchemas>();
    typed.put(PhotoDeviceApi.part, { ...device, schema: { querystring: PhotoPartQuery } }, async (req) => {
      const length = Number(req.headers['content-length']);
      const declared = Number.isSafeInteger(length) && length >= 0 ? length : undefined;
      const { upload_id, part } = req.query;
      const done = await uploads.part(phone(req).userId, upload_id, part, req.raw as Readable, declared);
      return ok({ part_number: part, size: done.size });
    });
    typed.put(PhotoDeviceApi.whole, { ...device, schema: { querystring: PhotoWholeQuery } }, async (req) => {
      const p = phone(req);
      const length = Number(req.headers['content-length']);
      const declared = Number.isSafeInteger(length) && length >= 0 ? length : undefined;
      return ok(await uploads.whole(p.userId, p.deviceId, req.query, req.raw as Readable, declared));
    });
  });
}
