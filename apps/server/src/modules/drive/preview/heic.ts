import { workerEntry, workerPool } from '../../../lib/worker-pool.js';
import type { HeicTask } from './heic-worker.js';

/** A decoded picture: RGBA, 4 bytes a pixel, upright. */
export interface DecodedPicture {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The decoding thread's entry (heic-worker.ts, bundled as dist/heic-worker.js); null from the sources. */
const WORKER_FILE = workerEntry('heic-worker');

/** libheif in WebAssembly (heic-decode, loaded on first use) on the calling thread. */
export async function decodeHeicHere(bytes: Uint8Array): Promise<DecodedPicture> {
  const { default: decode } = await import('heic-decode');
  const image = await decode({ buffer: bytes });
  const data = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return { width: image.width, height: image.height, data };
}

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
