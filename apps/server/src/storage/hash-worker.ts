import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Digests } from './hashing.js';

/**
 * The worker hashes byte ranges of files already written (read back from the page cache), so the
 * three digests of an upload cost the request's thread nothing. Its code travels as a string:
 * the server is bundled into one file, and a worker needs a source of its own.
 * Messages: {op:'range', job, file, offset, length} · {op:'digest', job} (answered) · {op:'drop', job}.
 */
const SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { openSync, readSync, closeSync } = require('node:fs');
const buf = Buffer.allocUnsafe(4 * 1024 * 1024);
const jobs = new Map();
function jobOf(id) {
  let j = jobs.get(id);
  if (!j) {
    j = { h: [createHash('sha256'), createHash('md5'), createHash('sha1')], error: null };
    jobs.set(id, j);
  }
  return j;
}
function hashRange(j, m) {
  const fd = openSync(m.file, 'r');
  try {
    for (let done = 0; done < m.length; ) {
      const n = readSync(fd, buf, 0, Math.min(buf.length, m.length - done), m.offset + done);
      if (n === 0) throw new Error('file shorter than the range to hash');
      const chunk = buf.subarray(0, n);
      for (const h of j.h) h.update(chunk);
      done += n;
    }
  } finally {
    closeSync(fd);
  }
}
parentPort.on('message', (m) => {
  if (m.op === 'drop') return void jobs.delete(m.job);
  const j = jobOf(m.job);
  if (m.op === 'range') {
    if (j.error) return;
    try { hashRange(j, m); } catch (err) { j.error = String((err && err.message) || err); }
    return;
  }
  jobs.delete(m.job);
  parentPort.postMessage(j.error
    ? { job: m.job, error: j.error }
    : { job: m.job, sha256: j.h[0].digest('hex'), md5: j.h[1].digest('hex'), sha1: j.h[2].digest('hex') });
});
`;

interface Reply {
  job: number;
  error?: string;
  sha256?: string;
  md5?: string;
  sha1?: string;
}

class HashThread {
  private readonly worker = new Worker(SOURCE, { eval: true });
  private readonly waiting = new Map<number, { resolve: (d: Digests) => void; reject: (e: Error) => void }>();
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
      if (r.error || !r.sha256 || !r.md5 || !r.sha1) w.reject(new Error(`hashing failed: ${r.error}`));
      else w.resolve({ sha256: r.sha256, md5: r.md5, sha1: r.sha1 });
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

  digest(job: number): Promise<Digests> {
    return new Promise((resolve, reject) => {
      if (this.dead) return reject(new Error('hash worker is gone'));
      this.waiting.set(job, { resolve, reject });
      this.worker.ref();
      this.post({ op: 'digest', job });
    });
  }
}

/** A few threads at most, leaving a core to the request thread. */
const POOL_SIZE = Math.max(1, Math.min(4, availableParallelism() - 1));
const pool: HashThread[] = [];
let nextJob = 1;

function leastBusy(): HashThread {
  for (let i = pool.length - 1; i >= 0; i--) if (pool[i]?.dead) pool.splice(i, 1);
  const idle = pool.find((t) => t.jobs === 0);
  if (idle) return idle;
  if (pool.length < POOL_SIZE) {
    const t = new HashThread();
    pool.push(t);
    return t;
  }
  return pool.reduce((a, b) => (b.jobs < a.jobs ? b : a));
}

/** SHA-256, MD5 and SHA-1 of file ranges queued in order, computed on a worker thread. */
export class HashJob {
  private readonly thread = leastBusy();
  private readonly id = nextJob++;
  private ended = false;

  constructor() {
    this.thread.jobs++;
  }

  /** Queues bytes [offset, offset + length) of a file: hashed after everything queued before. */
  add(file: string, offset: number, length: number): void {
    if (length > 0) this.thread.post({ op: 'range', job: this.id, file, offset, length });
  }

  /** Waits for the queued ranges and answers the digests; ends the job. */
  digests(): Promise<Digests> {
    this.end();
    return this.thread.digest(this.id);
  }

  /** Ends the job without its digests (the bytes it saw are no longer the file's). */
  drop(): void {
    if (this.ended) return;
    this.end();
    this.thread.post({ op: 'drop', job: this.id });
  }

  private end(): void {
    if (this.ended) throw new Error('hash job already ended');
    this.ended = true;
    this.thread.jobs--;
  }
}
