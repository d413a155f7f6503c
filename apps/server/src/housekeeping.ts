import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './http/context.js';
import { purgeContacts } from './modules/contacts/housekeeping.js';
import { driveHousekeeping } from './modules/drive/housekeeping.js';
import type { AppModule } from './modules/module.js';

const EVERY_MS = 10 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** Removes what has expired: sessions, captchas, codes, old rate-limit windows, areas' leftovers. */
export async function purgeExpired(deps: AppDeps, modules: readonly AppModule[] = []): Promise<void> {
  const now = deps.clock.now();
  await deps.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  await deps.db.deleteFrom('captchas').where('expires_at', '<=', now).execute();
  await deps.db.deleteFrom('verify_codes').where('expires_at', '<=', now).execute();
  await deps.db
    .deleteFrom('rate_limits')
    .where('window_start', '<=', now - DAY_MS)
    .execute();
  const held = async (key: string) => {
    for (const m of modules) if (await m.holdsBlob?.(deps, key)) return true;
    return false;
  };
  await driveHousekeeping(deps, undefined, held);
  await purgeContacts(deps);
}

export function startHousekeeping(
  deps: AppDeps,
  modules: readonly AppModule[],
  log: FastifyBaseLogger,
): NodeJS.Timeout {
  const run = () => purgeExpired(deps, modules).catch((err) => log.error(err, 'housekeeping failed'));
  void run();
  return setInterval(run, EVERY_MS).unref();
}
