/**
 * The accounts' public face: what other modules (and the operator's tools) may use. The queries
 * (`repo.ts`) are the module's own.
 */

export { deleteUser, userTables } from './delete-user.js';
export { normalizeLogin } from './login-name.js';
export type { NewUser, UserPatch, UserRow } from './repo.js';
export { Users } from './users.js';
