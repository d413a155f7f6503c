import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { verifyToken } from '../access/tokens.js';
import { FILE } from '../items-repo.js';
import type { DriveService } from '../service.js';
import {
  checkZipLimits,
  DOWNLOAD_PATH,
  type DownloadClaims,
  ZIP_PATH,
  type ZipClaims,
  zipEntries,
} from './links.js';
import { sendItemFile, sendItemsZip } from './send.js';

function refuse(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).header('cache-control', 'no-store').send({ code: status, message });
}

/** Signed, expiring downloads: single files with Range and ETag, and streamed zips. */
export function downloadRoutes(drive: DriveService) {
  const deps = drive.deps;
  return async (app: FastifyInstance) => {
    app.get(
      DOWNLOAD_PATH,
      async (req: FastifyRequest<{ Querystring: { t?: string } }>, reply: FastifyReply) => {
        const v = verifyToken<DownloadClaims>(
          deps.config.sessionSecret,
          'download',
          req.query.t,
          deps.clock.now(),
        );
        if (!v.ok) return refuse(reply, 403, v.expired ? 'link expired' : 'bad link');
        const item = await drive.liveItem(v.payload.u, v.payload.i).catch(() => null);
        if (!item || item.kind !== FILE || !item.blob_key) return refuse(reply, 404, 'not found');
        return sendItemFile(req, reply, deps.blobs, drive.blobIndex, item);
      },
    );

    app.get(ZIP_PATH, async (req: FastifyRequest<{ Querystring: { t?: string } }>, reply) => {
      const v = verifyToken<ZipClaims>(deps.config.sessionSecret, 'zip', req.query.t, deps.clock.now());
      if (!v.ok) return refuse(reply, 403, v.expired ? 'link expired' : 'bad link');
      const entries = await zipEntries(drive, v.payload.u, v.payload.ids);
      checkZipLimits(entries);
      return sendItemsZip(req, reply, deps.blobs, drive.blobIndex, entries, v.payload.n);
    });
  };
}
