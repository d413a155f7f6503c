import type { Db } from '../../db/index.js';
import { DevicesRepo } from './repo.js';

/**
 * Ends every device token of the account: called wherever the password changes, so a phone
 * signed in with the old password must sign in again (its record and history stay).
 */
export async function revokeDeviceTokens(db: Db, userId: number): Promise<void> {
  await new DevicesRepo(db).revokeAll(userId);
}
