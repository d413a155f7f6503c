import { createReadStream } from 'node:fs';
import type { MessagePort } from 'node:worker_threads';
import { prepareBatch } from '../incoming.js';
import { readBackup } from './xml-read.js';

/**
 * The SMS import's reading task on the worker pool (lib/worker-pool.ts; bundled as its own file
 * by build.mjs): parses the backup and prepares each batch (addresses, import keys, picture
 * hashes) while the importing thread writes the batch before. It runs at most `ahead` batches in
 * front of the writer, so memory stays flat. Batches, broken entries and the end go over the
 * job's own port, in order; a failure rejects the task.
 */
export interface ReadJob {
  file: string;
  batchSize: number;
  ahead: number;
  /** Ours: the writer answers each batch written with a message on it. */
  port: MessagePort;
}
export type ReadMessage =
  | { type: 'batch'; batch: ReturnType<typeof prepareBatch>; read: number }
  | { type: 'broken'; entry: { index: number; line: number; reason: string } }
  | { type: 'done'; entries: number };

export default async function readTask(job: ReadJob): Promise<number> {
  const { port } = job;
  let credits = job.ahead;
  let wake: (() => void) | null = null;
  // Each message from the writer is one batch written: room for one more.
  port.on('message', () => {
    credits++;
    wake?.();
    wake = null;
  });
  const send = (m: ReadMessage) => port.postMessage(m);
  const entries = await readBackup(createReadStream(job.file, { highWaterMark: 256 * 1024 }), {
    batchSize: job.batchSize,
    async onBatch(batch) {
      while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
      credits--;
      send({ type: 'batch', batch: prepareBatch(batch), read: batch.length });
    },
    onBroken: (entry) => send({ type: 'broken', entry }),
  });
  // The end goes the batches' way, after them; the writer closes the port once it has it.
  send({ type: 'done', entries });
  return entries;
}
