import { setPriority } from 'node:os';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { type DecodedPicture, decodeHeicHere } from './heic.js';

/** The HEIC decoding task on the worker pool (lib/worker-pool.ts), bundled as dist/heic-worker.js. */
export interface HeicTask {
  bytes: Uint8Array;
}

/**
 * Thumbnails are background work: below the thread that serves requests (on Linux this applies
 * to this thread only; the pool's import tasks lower theirs the same way at their first piece).
 */
let lowered = false;
function lowerPriority(): void {
  lowered = true;
  try {
    setPriority(0, 10);
  } catch {
    // Not allowed here: the same work at the same priority.
  }
}

/** The pixels go back moved, not copied (48 MB for a 12-megapixel photo). */
export default async function heicTask(task: HeicTask): Promise<unknown> {
  if (!lowered) lowerPriority();
  const picture: DecodedPicture = await decodeHeicHere(task.bytes);
  return move({ [transferableSymbol]: picture.data.buffer, [valueSymbol]: picture });
}
