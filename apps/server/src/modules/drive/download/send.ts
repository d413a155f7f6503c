import { DriveMsg, servedTypeOf } from '@phonecloud/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendBlobBytes } from '../../../http/byte-range.js';
import { attachmentDisposition } from '../../../http/content-disposition.js';
import { refuseDamagedBlob } from '../../../http/damaged-blob.js';
import { sendZip } from '../../../http/zip-reply.js';
import type { ZipEntry } from '../../../lib/zip.js';
import type { BlobIndex } from '../../../storage/blob-index.js';
import type { BlobStore } from '../../../storage/blob-store.js';
import { FILE, type ItemRow } from '../items-repo.js';

/**
 * The answer for a file whose stored bytes the store check found changed: refused with the
 * reason, not sent. A browser would save them, and a sync client put them over a good copy.
 */
export function refuseDamaged(
  reply: FastifyReply,
  files?: string[],
  message: string = DriveMsg.FILE_DAMAGED,
) {
  return refuseDamagedBlob(reply, message, files ? { files } : {});
}

/**
 * A drive file as an attachment (the drive's signed downloads and a share's): its bytes as
 * `sendBlobBytes` answers them, named for download; refused with `damagedText` when its bytes
 * are damaged.
 */
export async function sendItemFile(
  req: FastifyRequest,
  reply: FastifyReply,
  blobs: BlobStore,
  index: BlobIndex,
  item: ItemRow,
  damagedText?: string,
) {
  if (await index.isDamaged(item.blob_key as string)) return refuseDamaged(reply, undefined, damagedText);
  reply
    .header('content-type', servedTypeOf(item.name))
    .header('content-disposition', attachmentDisposition(item.name))
    .header('cache-control', 'private, no-cache')
    .header('last-modified', new Date(item.updated_at).toUTCString());
  return sendBlobBytes(req, reply, blobs, item.blob_key as string, item.size);
}

/**
 * Items (checked against the zip limits by the caller) streamed as one zip named `name`; refused
 * before the first byte, naming them, when any file's bytes are damaged (a folder's contents are
 * not in the portal's view, so only the server can tell).
 */
export async function sendItemsZip(
  req: FastifyRequest,
  reply: FastifyReply,
  blobs: BlobStore,
  index: BlobIndex,
  entries: ReadonlyArray<{ item: ItemRow; path: string }>,
  name: string,
  damagedText?: string,
) {
  const damaged = await index.damagedAmong(entries.map((e) => e.item.blob_key));
  if (damaged.size > 0) {
    const isDamaged = (e: { item: ItemRow }) => e.item.blob_key !== null && damaged.has(e.item.blob_key);
    return refuseDamaged(
      reply,
      entries.filter(isDamaged).map((e) => e.path),
      damagedText,
    );
  }
  const files = entries.map(({ item, path }): ZipEntry => {
    const mtime = new Date(item.updated_at);
    if (item.kind !== FILE)
      return { name: `${path}/`, mtime, open: () => Promise.reject(new Error('folder')) };
    const key = item.blob_key;
    // Stored, not deflated: phone data is mostly compressed already, and sizes stay known.
    return {
      name: path,
      size: item.size,
      mtime,
      compress: false,
      open: () => (key ? blobs.get(key) : Promise.reject(new Error('file without content'))),
    };
  });
  return sendZip(req, reply, files, name);
}
