import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Piscina } from 'piscina';

/**
 * The server's worker threads, one piscina pool: the vCard import's card preparing and the SMS
 * import's reading run on it. Each task names its entry, a file build.mjs bundles beside main.js.
 */

/** One per core (the serving thread mostly waits or writes while they work), at most four. */
export const WORKER_THREADS = Math.max(1, Math.min(4, availableParallelism()));

/**
 * Optimisations V8 keeps waiting for its compiler threads, per thread; read when a thread starts,
 * so set before the pool's threads are (V8 flags are the process's). Its default, 8, is too few
 * for the import threads' start: their functions grow hot together while the compiler threads
 * also serve this one, and V8 dropped each request past the 8th, 180-330 during the warm-up,
 * leaving that code unoptimised until the first import compiled it. A longer queue only keeps
 * the requests.
 */
const COMPILE_QUEUE = 64;

let pool: Piscina | undefined;

/**
 * The pool, its threads started on first use (the contacts warm-up, before the server listens)
 * and kept: a first import does not wait for a thread to start and load its code. Idle threads
 * do not keep the process alive.
 */
export function workerPool(): Piscina {
  if (!pool) {
    setFlagsFromString(`--concurrent-recompilation-queue-length=${COMPILE_QUEUE}`);
    pool = new Piscina({
      minThreads: WORKER_THREADS,
      maxThreads: WORKER_THREADS,
      // A task may wait on messages of its own (the SMS reader waits for the writer): a thread
      // between tasks keeps its event loop running instead of blocking in Atomics.wait.
      atomics: 'async',
      // An import queues all its pieces at once and writes them in order. By default piscina puts a
      // task it cannot hand out yet at the back of its queue: a 10,000-card import's fourth piece
      // ran sixteenth of 21, and the importing thread sat idle 80-120 ms waiting for it.
      stricterFIFO: true,
    });
  }
  return pool;
}

/**
 * The bundled entry `name` (`dist/<name>.js`), or null run from the sources (the tests), which
 * have no bundle: there the callers do the same work on their own thread, by the same code.
 */
export function workerEntry(name: string): string | null {
  const file = fileURLToPath(new URL(`./${name}.js`, import.meta.url));
  return existsSync(file) ? file : null;
}
