import { workerEntry, workerPool } from '../../../lib/worker-pool.js';
import { type DecodedPicture, decodeHeicHere } from './heic-pixels.js';
import type { HeicTask } from './heic-worker.js';

/** The decoding thread's entry (heic-worker.ts, bundled as dist/heic-worker.js); null from the sources. */
const WORKER_FILE = workerEntry('heic-worker');

/**
 * A HEIC's pixels, decoded on the worker pool in the bundled server. The WebAssembly decoder
 * runs to its end without yielding: a 12-megapixel iPhone photo held the serving thread, and so
 * every other request, for one to three seconds. From the sources (the tests) there is no pool
 * entry and the same code runs here.
 */
export function decodeHeic(bytes: Uint8Array): Promise<DecodedPicture> {
  if (!WORKER_FILE) return decodeHeicHere(bytes);
  const task: HeicTask = { bytes };
  return workerPool().run(task, { filename: WORKER_FILE }) as Promise<DecodedPicture>;
}
