import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../http/context.js';
import type { ZipEntry } from '../lib/zip.js';

/**
 * One file of an area's part of the takeout (导出全部数据), its path inside the area's folder
 * (`contacts.vcf`, `照片/2024/a.jpg`): a zip entry, opened when the zip reaches it.
 */
export type TakeoutEntry = ZipEntry;

/** What a README line says of a file or folder of the part. */
export interface TakeoutReadmeLine {
  /** Path inside the area's folder; '' for the folder itself. */
  path: string;
  /** What it is and which app opens it (Chinese). */
  text: string;
}

/**
 * An area's part of the takeout: a folder of the zip. The takeout module (machinery) knows no
 * area; it walks the served areas' parts in order.
 */
export interface TakeoutPart {
  /** The folder the part's entries go in (Chinese: the users read it). */
  folder: string;
  /** Lines of the zip's README.txt for this part. */
  readme: TakeoutReadmeLine[];
  /**
   * Bytes the part will roughly read, for the progress bar (stored files exactly, text by an
   * estimate per row); 0 when the user has nothing of the area.
   */
  estimate(deps: AppDeps, userId: number, log: FastifyBaseLogger): Promise<number>;
  /** The part's files, one at a time; nothing when the user has none of the area. */
  entries(deps: AppDeps, userId: number, now: number, log: FastifyBaseLogger): AsyncIterable<TakeoutEntry>;
}

/** An entry whose bytes are made as the zip reads them (a text file written page by page). */
export function madeEntry(
  name: string,
  mtime: Date,
  chunks: () => AsyncIterable<Buffer> | Iterable<Buffer>,
): TakeoutEntry {
  return { name, mtime, compress: true, open: async () => Readable.from(chunks()) };
}
