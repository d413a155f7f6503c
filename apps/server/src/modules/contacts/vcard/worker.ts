import { serialize } from 'node:v8';
import { move } from 'piscina';
import { lowerThisThread } from '../../../lib/background-thread.js';
import { type MemberGroups, preparePiece } from './prepare.js';

/**
 * The vCard import's task on the worker pool (lib/worker-pool.ts), bundled on its own as
 * dist/vcard-worker.js: prepares the cards of the piece of a file it is sent, in order.
 */
export interface PrepareTask {
  text: string;
  groups?: MemberGroups;
  /** A piece of the start-up warm-up: the thread's priority stays. */
  warmUp?: boolean;
}

export default function prepareTask(task: PrepareTask): Uint8Array {
  // Below the thread that serves requests from an import's first piece, not at start: the
  // start-up warm-up runs before the server listens, and at the lower priority a machine busy
  // with other work held the server's start up.
  if (!task.warmUp) lowerThisThread();
  // Serialised here and moved, not copied: the importing thread keeps the bytes off its heap
  // until it writes this chunk (see pool.ts). A failure rejects the task; the piece is then
  // prepared on the importing thread.
  const bytes = serialize(preparePiece(task.text, task.groups));
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return own ? (move(bytes) as Uint8Array) : bytes;
}
