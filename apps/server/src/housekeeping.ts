import type { FastifyBaseLogger } from 'fastify';
import { AREA_MODULES } from './app.js';
import { CREATE_KEY_KEEP_MS, CreateKeys } from './db/create-keys.js';
import type { AppDeps } from './http/context.js';
import { housekeepingRuns } from './lib/metrics.js';
import type { AppModule } from './platform/app-module.js';
import { checkBlobs } from './storage/blob-check.js';
import { BlobIndex } from './storage/blob-index.js';

const EVERY_MS = 10 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Removes what has expired: sessions, captchas, codes, old rate-limit windows, then each area's
 * leftovers, and last the blobs no area references any more (an area's purge drops references).
 */
export async function purgeExpired(
  deps: AppDeps,
  modules: readonly AppModule[] = AREA_MODULES,
  log?: FastifyBaseLogger,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  await deps.db.deleteFrom('captchas').where('expires_at', '<=', now).execute();
  await deps.db.deleteFrom('verify_codes').where('expires_at', '<=', now).execute();
  await deps.db
    .deleteFrom('rate_limits')
    .where('window_start', '<=', now - DAY_MS)
    .execute();
  await new CreateKeys(deps.db).forgetBefore(now - CREATE_KEY_KEEP_MS);
  for (const m of modules) await m.housekeeping?.(deps, log);
  await new BlobIndex(deps.db).collect(deps.blobs, now, log);
  await deps.blobs.sweep?.(now);
}

export function startHousekeeping(
  deps: AppDeps,
  modules: readonly AppModule[],
  log: FastifyBaseLogger,
): NodeJS.Timeout {
  // The store check reads a slice of the blobs: not in the run at start, while the process warms
  // up and phones reconnect (a rolling restart would read a slice on every instance at once).
  const run = (checkStore: boolean) =>
    purgeExpired(deps, modules, log)
      .then(() =>
        checkStore
          ? checkBlobs(deps.db, deps.blobs, deps.clock.now(), deps.config.blobCheckBytes, log)
          : undefined,
      )
      .then(() => housekeepingRuns.inc({ result: 'ok' }))
      .catch((err) => {
        housekeepingRuns.inc({ result: 'failed' });
        log.error(err, 'housekeeping failed');
      });
  void run(false);
  return setInterval(() => run(true), EVERY_MS).unref();
}
