import type { Db } from '../../db/index.js';
import { AppPasswordsRepo } from './repo.js';

/**
 * Revokes every app password of the account: called wherever the password changes (next to
 * revokeDeviceTokens), so a DAV client set up before must be given a new app password. Account
 * deletion removes them by cascade.
 */
export async function revokeAppPasswords(db: Db, userId: number): Promise<void> {
  await new AppPasswordsRepo(db).revokeAll(userId);
}
