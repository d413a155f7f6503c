import { type FileHandle, mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type BlobInfo, BlobTooLargeError } from './blob-store.js';
import { HashJob } from './hash-worker.js';
import type { Digests } from './hashing.js';
import { type BlobStaging, StagingBusyError, StagingClosedError } from './staging.js';

const IO_CHUNK = 1024 * 1024;
/** A part still streaming is handed to the hasher in steps of this much of it written. */
const HASH_STEP = 8 * 1024 * 1024;
/**
 * Written bytes are pushed to the disk in the background every this much, so that the fsync a
 * commit makes before the file counts as stored finds little left to write.
 */
const FLUSH_STEP = 64 * 1024 * 1024;
/** Sessions live 24 h and are dropped with their file; anything older is a leftover. */
const STALE_MS = 2 * 24 * 60 * 60_000;

/**
 * Hashing of a staging file in order, behind the writes: a part written whole, with nothing else
 * writing into it, is queued to the hash worker once every byte before it is queued.
 */
interface Run {
  job: HashJob;
  /** Bytes [0, queued) are handed to the hash worker: a write there drops the run. */
  queued: number;
  /** Parts written after `queued`, waiting for the gap before them to fill (offset → length). */
  waiting: Map<number, number>;
  /** Where the last background flush was started; one runs at a time. */
  flushedTo: number;
  flushing: boolean;
}

interface Span {
  offset: number;
  length: number;
}

interface Writer extends Span {
  abort: AbortController;
  settled: Promise<unknown>;
}

const overlap = (a: Span, b: Span) => a.offset < b.offset + b.length && b.offset < a.offset + a.length;

/** Counts a part's bytes and refuses more than announced. */
class PartCounter extends Transform {
  size = 0;
  constructor(private readonly max: number) {
    super({ highWaterMark: IO_CHUNK });
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.max) done(new BlobTooLargeError(this.max));
    else done(null, chunk);
  }
}

/**
 * Writes a stream at an offset of an open file and reports how far the file is written, so that
 * the hasher can follow a part while it streams in (a write stream reports nothing until the end).
 */
class OffsetSink extends Writable {
  constructor(
    private readonly handle: FileHandle,
    private position: number,
    private readonly progress: (end: number) => void,
  ) {
    super({ highWaterMark: IO_CHUNK });
  }

  override _writev(chunks: Array<{ chunk: Buffer }>, done: (err?: Error | null) => void): void {
    this.writeAll(chunks.map((c) => c.chunk)).then(() => done(), done);
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.writeAll([chunk]).then(() => done(), done);
  }

  private async writeAll(buffers: Buffer[]): Promise<void> {
    let left = buffers;
    while (left.length > 0) {
      const { bytesWritten } = await this.handle.writev(left, this.position);
      this.position += bytesWritten;
      // A short write (rare on a file) goes on from the first byte not written.
      let skip = bytesWritten;
      while (left.length > 0 && skip >= (left[0]?.length ?? 0)) skip -= left.shift()?.length ?? 0;
      if (skip > 0 && left[0]) left = [left[0].subarray(skip), ...left.slice(1)];
    }
    this.progress(this.position);
  }
}

/**
 * Staging files of multi-part uploads under `dir`. The request thread only writes; the three
 * digests come from a worker thread reading each finished part back from the page cache while
 * the next part streams in. That state lives in this process only, which is safe because the
 * filesystem store serves one instance: a commit after a restart (or after parts were written
 * again) hashes whatever was not queued from the finished file itself.
 */
export class FsStaging implements BlobStaging {
  private readonly runs = new Map<string, Run>();
  private readonly writers = new Map<string, Set<Writer>>();
  private readonly closing = new Set<string>();

  constructor(
    private readonly dir: string,
    private readonly moveIn: (file: string, sha256: string) => Promise<void>,
  ) {}

  private pathOf(id: string): string {
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(id)) throw new Error(`bad staging id: ${id}`);
    return path.join(this.dir, id);
  }

  private dropRun(id: string): void {
    this.runs.get(id)?.job.drop();
    this.runs.delete(id);
  }

  async create(id: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await (await open(this.pathOf(id), 'wx')).close();
  }

  async has(id: string): Promise<boolean> {
    return (await stat(this.pathOf(id)).catch(() => null)) !== null;
  }

  async write(id: string, offset: number, length: number, data: Readable): Promise<number> {
    const file = this.pathOf(id);
    if (this.closing.has(id)) throw new StagingClosedError(id);
    const span: Span = { offset, length };
    this.rewriting(id, span);
    const counter = new PartCounter(length);
    const abort = new AbortController();
    let handle: FileHandle | undefined;
    const done = (async () => {
      handle = await open(file, 'r+');
      const sink = new OffsetSink(handle, offset, (end) => this.advance(id, file, writer, end));
      await pipeline(data, counter, sink, { signal: abort.signal });
    })().finally(() => handle?.close());
    const writer: Writer = { ...span, abort, settled: done.catch(() => undefined) };
    const active = this.writers.get(id) ?? new Set<Writer>();
    active.add(writer);
    this.writers.set(id, active);
    try {
      await done;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (abort.signal.aborted || code === 'ENOENT') throw new StagingClosedError(id);
      throw err;
    } finally {
      active.delete(writer);
      if (active.size === 0) this.writers.delete(id);
    }
    // While another request still writes into the same part its content is unknown: that
    // request queues it when it ends.
    if (counter.size === length && ![...active].some((w) => overlap(w, span))) this.written(id, file, span);
    return counter.size;
  }

  /**
   * A part is written up to `end` while it streams: when the hasher has reached this part and no
   * other request writes into it, the bytes written so far are queued (in steps), so that the
   * digests keep up with the upload instead of starting on each part once it is whole.
   */
  private advance(id: string, file: string, writer: Writer, end: number): void {
    if (!this.writers.get(id)?.has(writer)) return;
    let run = this.runs.get(id);
    if (!run) {
      if (writer.offset !== 0) return;
      run = this.newRun(id);
    }
    if (run.queued < writer.offset || end - run.queued < HASH_STEP) return;
    const rest: Span = { offset: run.queued, length: end - run.queued };
    for (const w of this.writers.get(id) ?? []) if (w !== writer && overlap(w, rest)) return;
    run.job.add(file, rest.offset, rest.length);
    run.queued = end;
    this.flushBehind(file, run);
  }

  private newRun(id: string): Run {
    const run: Run = { job: new HashJob(), queued: 0, waiting: new Map(), flushedTo: 0, flushing: false };
    this.runs.set(id, run);
    return run;
  }

  /**
   * Starts writing the file's dirty pages to the disk once another FLUSH_STEP is queued, one flush
   * at a time. The guarantee is the commit's fsync; this only leaves it less to do. A failure here
   * changes nothing (the commit's fsync reports it).
   */
  private flushBehind(file: string, run: Run): void {
    if (run.flushing || run.queued - run.flushedTo < FLUSH_STEP) return;
    run.flushing = true;
    run.flushedTo = run.queued;
    void (async () => {
      const h = await open(file, 'r');
      try {
        await h.datasync();
      } finally {
        await h.close();
      }
    })()
      .catch(() => undefined)
      .finally(() => {
        run.flushing = false;
      });
  }

  /** A write begins: bytes the hasher has will change (drop the run); a waiting part is stale. */
  private rewriting(id: string, span: Span): void {
    const run = this.runs.get(id);
    if (!run) return;
    if (span.offset < run.queued) {
      this.dropRun(id);
      return;
    }
    for (const [offset, length] of run.waiting) {
      if (overlap({ offset, length }, span)) run.waiting.delete(offset);
    }
  }

  /** A part is written whole: queue the rest of it, and the parts after it that waited, to the hasher. */
  private written(id: string, file: string, span: Span): void {
    let run = this.runs.get(id);
    if (!run) {
      // Hashing starts with the first part; after a dropped run the commit reads the rest.
      if (span.offset !== 0) return;
      run = this.newRun(id);
    }
    const end = span.offset + span.length;
    if (run.queued >= span.offset && run.queued < end) {
      // The hasher is inside this part (it followed it while it streamed): the rest of it.
      run.job.add(file, run.queued, end - run.queued);
      run.queued = end;
    } else if (run.queued < span.offset) {
      run.waiting.set(span.offset, span.length);
    }
    for (let len = run.waiting.get(run.queued); len !== undefined; len = run.waiting.get(run.queued)) {
      run.waiting.delete(run.queued);
      run.job.add(file, run.queued, len);
      run.queued += len;
    }
    this.flushBehind(file, run);
  }

  /** Marks the upload closed to new writes; `cut` ends running ones, else they make it refuse. */
  private async close(id: string, cut: boolean): Promise<void> {
    if (this.closing.has(id)) throw new StagingClosedError(id);
    const active = [...(this.writers.get(id) ?? [])];
    if (active.length > 0 && !cut) throw new StagingBusyError(id);
    this.closing.add(id);
    for (const w of active) w.abort.abort();
    await Promise.all(active.map((w) => w.settled));
  }

  async commit(id: string, size: number): Promise<BlobInfo> {
    const file = this.pathOf(id);
    await this.close(id, false);
    try {
      const run = this.runs.get(id);
      this.runs.delete(id);
      const usable = run !== undefined && run.queued <= size;
      if (run && !usable) run.job.drop();
      const job = usable ? run.job : new HashJob();
      let digests: Digests;
      const handle = await open(file, 'r+').catch((err: unknown) => {
        job.drop();
        throw err;
      });
      try {
        const actual = (await handle.stat()).size;
        if (actual !== size) throw new Error(`staging file ${id} holds ${actual} bytes, not ${size}`);
        // No write runs any more: what the hasher has not had yet is read as it now stands.
        const from = usable ? run.queued : 0;
        job.add(file, from, size - from);
        const hashed = job.digests();
        // Settled below; a failing fsync must not leave it unhandled meanwhile.
        hashed.catch(() => undefined);
        await handle.sync();
        digests = await hashed;
      } finally {
        job.drop();
        await handle.close();
      }
      await this.moveIn(file, digests.sha256);
      return { key: digests.sha256, size, ...digests };
    } finally {
      this.closing.delete(id);
    }
  }

  async discard(id: string): Promise<void> {
    const file = this.pathOf(id);
    // A commit running now owns the file; if it fails, the session's expiry or the sweep drops it.
    if (this.closing.has(id)) return;
    await this.close(id, true);
    try {
      this.dropRun(id);
      await rm(file, { force: true });
    } finally {
      this.closing.delete(id);
    }
  }

  /** Staging files of uploads that ended without their file being dropped (a crash in between). */
  async sweep(now: number): Promise<void> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    for (const name of names) {
      if (this.writers.has(name) || this.closing.has(name)) continue;
      const s = await stat(path.join(this.dir, name)).catch(() => null);
      if (s && s.mtimeMs < now - STALE_MS) await rm(path.join(this.dir, name), { force: true });
    }
  }
}
