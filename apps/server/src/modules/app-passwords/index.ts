/** The app passwords' public face: what the account and the operator's tools use. */

export { revokeAppPasswords } from './revoke.js';
