import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/**
 * One file of a zip the server writes (the drive's downloads, the photos' download, the notes'
 * export, 导出全部数据). `open` is called only when the zip reaches the entry, so one entry is
 * read at a time: a zip of any size streams through in flat memory.
 */
export interface ZipEntry {
  /**
   * Path inside the zip; `/` separates folders. A name ending in `/` is a folder of its own
   * (kept when empty); its `open` is never called.
   */
  name: string;
  /** Byte count when known up front (stored files); the zip writes it ahead then. */
  size?: number;
  mtime?: Date;
  /** Already-compressed media is stored as it is; text is deflated. */
  compress?: boolean;
  open(): Promise<Readable>;
}

/** Adds one entry at `path`; its bytes are opened when the zip reaches it. */
export function addZipEntry(zip: ZipFile, path: string, entry: ZipEntry): void {
  if (path.endsWith('/')) {
    zip.addEmptyDirectory(path, { mtime: entry.mtime });
    return;
  }
  const options = { mtime: entry.mtime, compress: entry.compress ?? false, size: entry.size };
  zip.addReadStreamLazy(path, options, (cb) => {
    entry.open().then(
      (s) => cb(null, s),
      (err: unknown) => cb(err, undefined as never),
    );
  });
}

/**
 * Ends the zip and answers its whole length when yazl knows it before writing (every entry
 * stored with its size: then a download shows its progress), else -1.
 */
export function endZip(zip: ZipFile): number {
  let total = -1;
  // yazl calls back synchronously with the final size (or -1); @types/yazl leaves out the
  // callback's argument, hence the cast.
  (zip.end as (o: undefined, cb: (n: number) => void) => void).call(zip, undefined, (n: number) => {
    total = n;
  });
  return total;
}

/** A zip of `entries`, written as it is read. */
export function zipOf(
  entries: Iterable<ZipEntry>,
  onError: (err: unknown) => void,
): { stream: Readable; size: number } {
  const zip = new ZipFile();
  zip.on('error', onError);
  for (const entry of entries) addZipEntry(zip, entry.name, entry);
  const size = endZip(zip);
  return { stream: zip.outputStream as Readable, size };
}
