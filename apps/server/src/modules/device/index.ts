/**
 * The device module's public face: what other modules (find-my-phone's portal side, the account,
 * the operator's tools) may use. Its queries, hub and wake-up channel are the module's own.
 */

export { dropCommandsBefore, Phones, phonesFor } from './phones.js';
export type { CommandRow, DeviceRow, NewCommand } from './repo.js';
export { revokeDeviceTokens } from './revoke.js';
