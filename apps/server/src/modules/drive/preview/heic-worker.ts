import { move, transferableSymbol, valueSymbol } from 'piscina';
import { lowerThisThread } from '../../../lib/background-thread.js';
import { type DecodedPicture, decodeHeicHere } from './heic-pixels.js';

/** The HEIC decoding task on the worker pool (lib/worker-pool.ts), bundled as dist/heic-worker.js. */
export interface HeicTask {
  bytes: Uint8Array;
}

/** The pixels go back moved, not copied (48 MB for a 12-megapixel photo). */
export default async function heicTask(task: HeicTask): Promise<unknown> {
  // Thumbnails are background work: below the thread that serves requests.
  lowerThisThread();
  const picture: DecodedPicture = await decodeHeicHere(task.bytes);
  return move({ [transferableSymbol]: picture.data.buffer, [valueSymbol]: picture });
}
