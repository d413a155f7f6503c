import { createReadStream } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { prepareBatch } from '../incoming.js';
import { readBackup } from './xml-read.js';

/**
 * The import's reading thread (bundled as its own file by build.mjs): parses the backup and
 * prepares each batch (addresses, import keys, picture hashes) while the main thread writes the
 * batch before. It runs at most `ahead` batches in front of the writer, so memory stays flat.
 */
export interface ReadJob {
  file: string;
  batchSize: number;
  ahead: number;
}
export type ReadMessage =
  | { type: 'batch'; batch: ReturnType<typeof prepareBatch>; read: number }
  | { type: 'broken'; entry: { index: number; line: number; reason: string } }
  | { type: 'done'; entries: number }
  | { type: 'error'; message: string };

const port = parentPort;
if (port) {
  const job = workerData as ReadJob;
  let credits = job.ahead;
  let wake: (() => void) | null = null;
  // Each message from the writer is one batch written: room for one more.
  port.on('message', () => {
    credits++;
    wake?.();
    wake = null;
  });
  const send = (m: ReadMessage) => port.postMessage(m);
  readBackup(createReadStream(job.file, { highWaterMark: 256 * 1024 }), {
    batchSize: job.batchSize,
    async onBatch(batch) {
      while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
      credits--;
      send({ type: 'batch', batch: prepareBatch(batch), read: batch.length });
    },
    onBroken: (entry) => send({ type: 'broken', entry }),
  }).then(
    (entries) => send({ type: 'done', entries }),
    (err: Error) => send({ type: 'error', message: err.message }),
  );
}
