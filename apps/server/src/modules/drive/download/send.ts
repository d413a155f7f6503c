import { servedTypeOf } from '@phonecloud/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZipFile } from 'yazl';
import { sendBlobBytes } from '../../../http/byte-range.js';
import { attachmentDisposition } from '../../../http/content-disposition.js';
import type { BlobStore } from '../../../storage/blob-store.js';
import { FILE, type ItemRow } from '../items-repo.js';

/**
 * A drive file as an attachment (the drive's signed downloads and a share's): its bytes as
 * `sendBlobBytes` answers them, named for download.
 */
export async function sendItemFile(
  req: FastifyRequest,
  reply: FastifyReply,
  blobs: BlobStore,
  item: ItemRow,
) {
  reply
    .header('content-type', servedTypeOf(item.name))
    .header('content-disposition', attachmentDisposition(item.name))
    .header('cache-control', 'private, no-cache')
    .header('last-modified', new Date(item.updated_at).toUTCString());
  return sendBlobBytes(req, reply, blobs, item.blob_key as string, item.size);
}

/** Items (checked against the zip limits by the caller) streamed as one zip named `name`. */
export function sendItemsZip(
  req: FastifyRequest,
  reply: FastifyReply,
  blobs: BlobStore,
  entries: ReadonlyArray<{ item: ItemRow; path: string }>,
  name: string,
) {
  const zip = new ZipFile();
  for (const { item, path } of entries) {
    const mtime = new Date(item.updated_at);
    if (item.kind !== FILE) {
      zip.addEmptyDirectory(path, { mtime });
      continue;
    }
    const key = item.blob_key;
    // Stored, not deflated: phone data is mostly compressed already, and sizes stay known.
    zip.addReadStreamLazy(path, { size: item.size, mtime, compress: false }, (cb) => {
      if (!key) return cb(new Error('file without content'), undefined as never);
      blobs.get(key).then(
        (s) => cb(null, s),
        (err: unknown) => cb(err, undefined as never),
      );
    });
  }
  let total = -1;
  // The size is known up front when every entry's size is: then the browser shows progress.
  // (@types/yazl leaves out the callback's argument, hence the cast.)
  (zip.end as (o: undefined, cb: (n: number) => void) => void).call(zip, undefined, (n: number) => {
    total = n;
  });
  zip.on('error', (err: unknown) => req.log.warn({ err }, 'zip stream failed'));
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', attachmentDisposition(name))
    .header('cache-control', 'private, no-store');
  if (total >= 0) reply.header('content-length', total);
  return reply.send(zip.outputStream);
}
