/** The account's public face: what the operator's tools use to store a phone or e-mail as sign-up does. */

export { normalizeContact } from './service.js';
