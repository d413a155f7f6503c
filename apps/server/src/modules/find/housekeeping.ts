import { FIND_HISTORY_KEEP_DAYS } from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import { dropCommandsBefore } from '../device/index.js';

const DAY_MS = 24 * 60 * 60_000;

/** Commands older than FIND_HISTORY_KEEP_DAYS leave the history, user by user. */
export async function purgeFindHistory(deps: AppDeps): Promise<void> {
  await dropCommandsBefore(deps.db, deps.clock.now() - FIND_HISTORY_KEEP_DAYS * DAY_MS);
}
