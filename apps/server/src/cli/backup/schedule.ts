import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/index.js';
import { backupLastSuccess, backupRuns } from '../../lib/metrics.js';
import { pruneBackups } from './prune.js';

/** How long a run's lease lasts unless renewed; a dead instance's run is taken over after it. */
const LEASE_MS = 5 * 60_000;
const RENEW_MS = 60_000;
const ROW = 'scheduled';

/** The admin CLI bundled beside the server (dist/admin.js): the backup runs as its own process. */
const ADMIN = path.join(import.meta.dirname, 'admin.js');

export interface BackupSchedule {
  stop(): Promise<void>;
}

/**
 * BACKUP_DIR's schedule: every instance looks every little while, and the one whose conditional
 * update of the schedule's row succeeds (the period is due, or the last run died, and no lease
 * is held) runs `backup create` as a child process (the copy's CPU and the SQLite backup's one
 * long step stay off the server's event loop), renewing its lease meanwhile; then it removes
 * what BACKUP_KEEP no longer keeps. Results go to the log and the metrics.
 */
export function startBackupSchedule(db: Db, config: Config, log: FastifyBaseLogger): BackupSchedule | null {
  const settings = config.backup;
  if (!settings) return null;
  const me = `${process.pid}-${randomBytes(4).toString('hex')}`;
  let running: Promise<void> | null = null;
  let child: ChildProcess | null = null;
  let stopped = false;

  const tick = async () => {
    const now = Date.now();
    const row = await db.selectFrom('backup_schedule').selectAll().where('name', '=', ROW).executeTakeFirst();
    backupLastSuccess.set((row?.last_success_at ?? 0) / 1000);
    if (running || stopped) return;
    if (!(await takeRun(db, me, now, settings.everyMs))) return;
    running = runOnce().finally(() => {
      running = null;
    });
  };

  const runOnce = async () => {
    const renew = setInterval(() => {
      void db
        .updateTable('backup_schedule')
        .set({ lease_until: Date.now() + LEASE_MS })
        .where('name', '=', ROW)
        .where('holder', '=', me)
        .execute()
        .catch(() => undefined);
    }, RENEW_MS);
    try {
      const out = await runBackupProcess(settings.dir, (c) => {
        child = c;
      });
      const pruned = await pruneBackups(settings.dir, settings.keep);
      const now = Date.now();
      await db
        .updateTable('backup_schedule')
        .set({ holder: null, lease_until: 0, finished_at: now, last_success_at: now })
        .where('name', '=', ROW)
        .execute();
      backupRuns.inc({ result: 'ok' });
      backupLastSuccess.set(now / 1000);
      log.info({ dir: settings.dir, ...pruned }, `scheduled backup: ${out.trim()}`);
    } catch (err) {
      backupRuns.inc({ result: 'failed' });
      log.error({ err, dir: settings.dir }, 'scheduled backup failed');
      // Stopped mid-run (a restart): let go unfinished, another instance takes the run over.
      await releaseRun(db, me, !stopped).catch(() => undefined);
    } finally {
      clearInterval(renew);
      child = null;
    }
  };

  const every = Math.min(Math.max(Math.round(settings.everyMs / 4), 250), 60_000);
  const guarded = () =>
    tick().catch((err) => {
      log.error({ err }, 'scheduled backup: the schedule could not be read');
    });
  void guarded();
  const timer = setInterval(guarded, every).unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      (child as ChildProcess | null)?.kill('SIGTERM');
      await running;
    },
  };
}

/** The schedule's row taken for a run: the period is due (or the last run died) and no lease is held. */
async function takeRun(db: Db, me: string, now: number, everyMs: number): Promise<boolean> {
  const taken = await db
    .updateTable('backup_schedule')
    .set({ holder: me, lease_until: now + LEASE_MS, started_at: now })
    .where('name', '=', ROW)
    .where('lease_until', '<', now)
    .where((eb) =>
      eb.or([eb('started_at', '<=', now - everyMs), eb('finished_at', '<', eb.ref('started_at'))]),
    )
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** A run's lease let go: finished (a failure waits for the next period), or not (taken over at once). */
async function releaseRun(db: Db, me: string, finished: boolean): Promise<void> {
  await db
    .updateTable('backup_schedule')
    .set(
      finished ? { holder: null, lease_until: 0, finished_at: Date.now() } : { holder: null, lease_until: 0 },
    )
    .where('name', '=', ROW)
    .where('holder', '=', me)
    .execute();
}

/** `backup create DIR` as a child process; answers what it printed, rejects with its error output. */
function runBackupProcess(dir: string, started: (c: ChildProcess) => void): Promise<string> {
  return new Promise((ok, fail) => {
    const c = spawn(process.execPath, [ADMIN, 'backup', 'create', dir], {
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started(c);
    let out = '';
    let err = '';
    c.stdout?.on('data', (d) => {
      out += d;
    });
    c.stderr?.on('data', (d) => {
      err += d;
    });
    c.on('error', fail);
    c.on('close', (code, signal) =>
      code === 0 ? ok(out) : fail(new Error(`backup create exited ${code ?? signal}: ${err.trim()}`)),
    );
  });
}
