import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Digests } from './hashing.js';

/**
 * The workers hash byte ranges of files already written (read back from the page cache), so the
 * three digests of an upload cost the request's thread nothing. Their entry is hash-thread.mjs,
 * plain JavaScript beside this file and copied beside the bundle (build.mjs).
 *
 * These are threads of their own, not tasks of the worker pool (lib/worker-pool.ts): an upload's
 * digests are computed as its ranges are written, in state that lives on one thread from the
 * first range to the digest, while the pool's tasks are one call and one answer on any thread.
 * As pool tasks the whole file would be hashed after its last byte, which is what these spare.
 */
const THREAD_FILE = fileURLToPath(new URL('./hash-thread.mjs', import.meta.url));

type Alg = keyof Digests;

interface Reply {
  job: number;
  error?: string;
  hex?: Partial<Record<Alg, string>>;
}

type Partial3 = Partial<Digests>;

class HashThread {
  private readonly worker = new Worker(THREAD_FILE);
  private readonly waiting = new Map<
    number,
    { resolve: (d: Partial3) => void; reject: (e: Error) => void }
  >();
  jobs = 0;
  dead = false;

  constructor() {
    // Idle workers do not keep the process alive; one is referenced while a digest is awaited.
    this.worker.unref();
    this.worker.on('message', (r: Reply) => {
      const w = this.waiting.get(r.job);
      this.waiting.delete(r.job);
      if (this.waiting.size === 0) this.worker.unref();
      if (!w) return;
      if (r.error || !r.hex) w.reject(new Error(`hashing failed: ${r.error}`));
      else w.resolve(r.hex);
    });
    const fail = (err: unknown) => {
      this.dead = true;
      for (const w of this.waiting.values()) w.reject(err instanceof Error ? err : new Error(String(err)));
      this.waiting.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`hash worker exited (${code})`)));
  }

  post(message: Record<string, unknown>): void {
    this.worker.postMessage(message);
  }

  digest(job: number, algs: readonly Alg[]): Promise<Partial3> {
    return new Promise((resolve, reject) => {
      if (this.dead) return reject(new Error('hash worker is gone'));
      this.waiting.set(job, { resolve, reject });
      this.worker.ref();
      this.post({ op: 'digest', job, algs });
    });
  }
}

/**
 * The digests of one upload are split over two threads, MD5 on one and SHA-256 with SHA-1 on
 * the other (about the same work with SHA instructions; MD5 has none): in one thread the three
 * in a row were what held a large upload back. Up to four threads, at least two.
 */
const SPLIT: readonly (readonly Alg[])[] = [['md5'], ['sha256', 'sha1']];
const POOL_SIZE = Math.max(SPLIT.length, Math.min(4, availableParallelism() - 1));
const pool: HashThread[] = [];
let nextJob = 1;

function leastBusy(besides: readonly HashThread[]): HashThread {
  for (let i = pool.length - 1; i >= 0; i--) if (pool[i]?.dead) pool.splice(i, 1);
  const free = pool.filter((t) => !besides.includes(t));
  const idle = free.find((t) => t.jobs === 0);
  if (idle) return idle;
  if (pool.length < POOL_SIZE) {
    const t = new HashThread();
    pool.push(t);
    return t;
  }
  return (free.length > 0 ? free : pool).reduce((a, b) => (b.jobs < a.jobs ? b : a));
}

/** SHA-256 of a whole file of `length` bytes on a hashing thread (a backup's copy, read back). */
export async function sha256OfFile(file: string, length: number): Promise<string> {
  const thread = leastBusy([]);
  thread.jobs++;
  const job = nextJob++;
  try {
    thread.post({ op: 'range', job, algs: ['sha256'], file, offset: 0, length });
    const { sha256 } = await thread.digest(job, ['sha256']);
    if (!sha256) throw new Error('hashing failed: the digest is missing');
    return sha256;
  } finally {
    thread.jobs--;
  }
}

interface Leg {
  thread: HashThread;
  id: number;
  algs: readonly Alg[];
}

/** SHA-256, MD5 and SHA-1 of file ranges queued in order, computed on worker threads. */
export class HashJob {
  private readonly legs: Leg[] = [];
  private ended = false;

  constructor() {
    for (const algs of SPLIT) {
      const thread = leastBusy(this.legs.map((l) => l.thread));
      thread.jobs++;
      this.legs.push({ thread, id: nextJob++, algs });
    }
  }

  /** Queues bytes [offset, offset + length) of a file: hashed after everything queued before. */
  add(file: string, offset: number, length: number): void {
    if (length <= 0) return;
    for (const l of this.legs) l.thread.post({ op: 'range', job: l.id, algs: l.algs, file, offset, length });
  }

  /** Waits for the queued ranges and answers the digests; ends the job. */
  async digests(): Promise<Digests> {
    this.end();
    const parts = await Promise.all(this.legs.map((l) => l.thread.digest(l.id, l.algs)));
    const d: Partial3 = Object.assign({}, ...parts);
    if (!d.sha256 || !d.md5 || !d.sha1) throw new Error('hashing failed: a digest is missing');
    return { sha256: d.sha256, md5: d.md5, sha1: d.sha1 };
  }

  /** Ends the job without its digests (the bytes it saw are no longer the file's). */
  drop(): void {
    if (this.ended) return;
    this.end();
    for (const l of this.legs) l.thread.post({ op: 'drop', job: l.id });
  }

  private end(): void {
    if (this.ended) throw new Error('hash job already ended');
    this.ended = true;
    for (const l of this.legs) l.thread.jobs--;
  }
}
