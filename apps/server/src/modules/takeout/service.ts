import { randomBytes } from 'node:crypto';
import {
  RECYCLE_DAY_OFFSET_MINUTES,
  TAKEOUT_KEEP_DAYS,
  TakeoutApi,
  type TakeoutJob,
  TakeoutMsg,
  TakeoutState,
  type TakeoutStateValue,
  takeoutFileName,
} from '@phonecloud/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../http/context.js';
import { takeoutJobs } from '../../lib/metrics.js';
import type { TakeoutPart } from '../../platform/takeout-part.js';
import { BlobIndex } from '../../storage/blob-index.js';
import { buildZip, stagingIdOf } from './build.js';
import { readmeText } from './readme.js';
import { type JobRow, TakeoutRepo } from './repo.js';

const DAY_MS = 24 * 60 * 60_000;
/** A running job's process writes its beat at least this often while it builds. */
const BEAT_MS = 5_000;
/** A running job whose beat is older than this lost its process (a crash, a kill): it is failed. */
export const BEAT_LAPSE_MS = 2 * 60_000;
/** Failed jobs are shown (their text) for a day, then forgotten. */
const FAILED_KEEP_MS = DAY_MS;
const JOB_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** This process's name on the jobs it builds: another instance's jobs are not its to finish. */
const WORKER = `${process.pid}-${randomBytes(6).toString('hex')}`;

/** yyyyMMdd_HHmmss in Beijing time, as the other exports name their files. */
function stamp(now: number): string {
  return new Date(now + RECYCLE_DAY_OFFSET_MINUTES * 60_000)
    .toISOString()
    .slice(0, 19)
    .replace(/[-:]/g, '')
    .replace('T', '_');
}

function view(row: JobRow): TakeoutJob {
  const state = row.state as TakeoutStateValue;
  const ready = state === TakeoutState.READY;
  return {
    id: row.id,
    state,
    done: Number(row.done),
    total: Number(row.total),
    size: row.size === null ? null : Number(row.size),
    name: row.name,
    created_at: Number(row.created_at),
    expires_at: ready && row.expires_at !== null ? Number(row.expires_at) : null,
    file_path: ready ? `${TakeoutApi.file}/${row.id}` : null,
    error: state === TakeoutState.FAILED ? (row.error ?? TakeoutMsg.FAILED) : null,
  };
}

/**
 * 导出全部数据: starts a user's takeout (one running at a time), builds it in this process in
 * the background, answers its progress and its file, and lets it expire after TAKEOUT_KEEP_DAYS.
 */
export class Takeouts {
  private readonly repo: TakeoutRepo;
  /** The builds this process runs, awaited by tests. */
  static readonly building = new Set<Promise<void>>();
  /** This process's running jobs (id → user), failed at once when it stops. */
  private static readonly mine = new Map<string, number>();

  constructor(
    private readonly deps: AppDeps,
    private readonly parts: readonly TakeoutPart[],
  ) {
    this.repo = new TakeoutRepo(deps.db);
  }

  /** Fails the user's running job when its process stopped beating (it will never finish). */
  private async failLapsed(
    userId: number,
    row: JobRow | undefined,
    now: number,
  ): Promise<JobRow | undefined> {
    if (!row || row.state !== TakeoutState.RUNNING) return row;
    if (Number(row.heartbeat_at) >= now - BEAT_LAPSE_MS) return row;
    if (
      await this.repo.fail(userId, row.id, TakeoutMsg.INTERRUPTED, now, { beatBefore: now - BEAT_LAPSE_MS })
    ) {
      takeoutJobs.inc({ event: 'failed' });
      // Its half-written zip, where the store keeps one on this machine (else the sweep's).
      await this.deps.blobs.staging?.discard(stagingIdOf(row.id)).catch(() => undefined);
    }
    return this.repo.job(userId, row.id);
  }

  /** The newest job of the user, or null. */
  async status(userId: number): Promise<TakeoutJob | null> {
    const now = this.deps.clock.now();
    const row = await this.failLapsed(userId, await this.repo.newest(userId), now);
    return row ? view(row) : null;
  }

  /** Starts a takeout, or answers the one running. */
  async start(userId: number, log: FastifyBaseLogger): Promise<TakeoutJob> {
    const now = this.deps.clock.now();
    const running = await this.failLapsed(userId, await this.repo.running(userId), now);
    if (running?.state === TakeoutState.RUNNING) return view(running);
    let total = 0;
    for (const part of this.parts) total += await part.estimate(this.deps, userId, log);
    const id = randomBytes(18).toString('base64url');
    const row = {
      user_id: userId,
      id,
      state: TakeoutState.RUNNING,
      done: 0,
      total,
      name: takeoutFileName(stamp(now)),
      worker: WORKER,
      heartbeat_at: now,
      created_at: now,
    };
    if (!(await this.repo.insertRunning(row))) {
      // Another request (maybe on another instance) started one a moment ago: that one is it.
      const other = await this.repo.running(userId);
      // That one ended in between: this start goes again, against the table as it is now.
      return other ? view(other) : this.start(userId, log);
    }
    takeoutJobs.inc({ event: 'started' });
    Takeouts.mine.set(id, userId);
    const job = this.build(userId, id, now, log).finally(() => {
      Takeouts.building.delete(job);
      Takeouts.mine.delete(id);
    });
    Takeouts.building.add(job);
    const fresh = await this.repo.job(userId, id);
    return fresh
      ? view(fresh)
      : view({ ...row, size: null, blob_key: null, error: null, finished_at: null, expires_at: null });
  }

  private async build(userId: number, id: string, now: number, log: FastifyBaseLogger): Promise<void> {
    let lastBeat = 0;
    let beating: Promise<unknown> = Promise.resolve();
    const onBytes = (bytes: number) => {
      const t = this.deps.clock.now();
      if (t - lastBeat < BEAT_MS && lastBeat !== 0) return;
      lastBeat = t;
      beating = beating.then(() => this.repo.beat(userId, id, WORKER, bytes, t)).catch(() => {});
    };
    onBytes(0);
    try {
      const at = new Date(now + RECYCLE_DAY_OFFSET_MINUTES * 60_000)
        .toISOString()
        .slice(0, 19)
        .replace('T', ' ');
      const readme = readmeText(this.deps.config.productName, this.parts, at);
      const blob = await buildZip({
        deps: this.deps,
        id,
        userId,
        now,
        parts: this.parts,
        readme,
        log,
        onBytes,
      });
      await beating;
      const done = this.deps.clock.now();
      const finished = await this.deps.db.transaction().execute(async (trx) => {
        const ok = await new TakeoutRepo(trx).finish(userId, id, WORKER, {
          size: blob.size,
          blob_key: blob.key,
          done: blob.size,
          finished_at: done,
          expires_at: done + TAKEOUT_KEEP_DAYS * DAY_MS,
        });
        if (ok) await new BlobIndex(trx).ref(trx, blob, done);
        return ok;
      });
      if (finished) {
        takeoutJobs.inc({ event: 'finished' });
        log.info({ userId, takeout: id, bytes: blob.size }, 'takeout ready');
      }
    } catch (err) {
      await beating;
      log.warn({ err, userId, takeout: id }, 'takeout failed');
      // The database may be gone too (the process is stopping): the beat's lapse fails it then.
      const failed = await this.repo
        .fail(userId, id, TakeoutMsg.FAILED, this.deps.clock.now(), { worker: WORKER })
        .catch(() => false);
      if (failed) {
        takeoutJobs.inc({ event: 'failed' });
      }
    }
  }

  /**
   * The process is stopping (a restart): its running jobs are failed now, so their users can
   * start again at once on another instance instead of waiting for the beat to lapse.
   */
  async interruptMine(): Promise<void> {
    const now = this.deps.clock.now();
    for (const [id, userId] of Takeouts.mine) {
      if (await this.repo.fail(userId, id, TakeoutMsg.INTERRUPTED, now, { worker: WORKER })) {
        takeoutJobs.inc({ event: 'failed' });
      }
    }
  }

  /** A ready, unexpired takeout of this user (another user's id is simply not found). */
  async file(userId: number, id: string): Promise<{ key: string; size: number; name: string } | null> {
    if (!JOB_ID.test(id)) return null;
    const row = await this.repo.job(userId, id);
    if (!row || row.state !== TakeoutState.READY || !row.blob_key) return null;
    if (row.expires_at === null || Number(row.expires_at) <= this.deps.clock.now()) return null;
    return { key: row.blob_key, size: Number(row.size), name: row.name };
  }

  /** Expired files go (their blob references with them); lapsed running jobs are failed. */
  async housekeeping(): Promise<void> {
    const now = this.deps.clock.now();
    for (const userId of await this.repo.owners()) {
      await this.failLapsed(userId, await this.repo.running(userId), now);
      await this.deps.db.transaction().execute(async (trx) => {
        const repo = new TakeoutRepo(trx);
        const index = new BlobIndex(trx);
        for (const row of await repo.gone(userId, now, now - FAILED_KEEP_MS)) {
          await repo.remove(userId, row.id);
          if (row.state === TakeoutState.READY && row.blob_key) await index.unref(trx, row.blob_key, now);
        }
      });
    }
  }

  /** Account deletion: the ready files' references (the rows go by cascade). */
  async releaseUser(userId: number, now: number): Promise<void> {
    const index = new BlobIndex(this.deps.db);
    for (const key of await this.repo.blobKeys(userId)) await index.unref(this.deps.db, key, now);
  }
}
