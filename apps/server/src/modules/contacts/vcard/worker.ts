import { setPriority } from 'node:os';
import { serialize } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { type MemberGroups, preparePiece } from './prepare.js';

/**
 * Entry of the import's worker threads, bundled on its own as dist/vcard-worker.js: prepares the
 * cards of the piece of a file it is sent and answers them in order.
 */
/**
 * Below the thread that serves requests (on Linux this applies to this thread only): an import is
 * background work, and that thread also writes the cards these threads prepare. Lowered at the
 * first piece of an import, not at start: the start-up warm-up runs before the server listens,
 * and at the lower priority a machine busy with other work held the server's start up (a priority
 * once lowered cannot be raised again).
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

parentPort?.on('message', (msg: { id: number; text: string; groups?: MemberGroups; warmUp?: boolean }) => {
  if (!lowered && !msg.warmUp) lowerPriority();
  try {
    // Serialised here and moved, not copied: the importing thread keeps the bytes off its heap
    // until it writes this chunk (see pool.ts).
    const bytes = serialize(preparePiece(msg.text, msg.groups));
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    parentPort?.postMessage({ id: msg.id, bytes }, own ? [bytes.buffer] : []);
  } catch (err) {
    parentPort?.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
  }
});
