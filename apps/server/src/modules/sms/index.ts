/** The SMS area's public face: the operator's backup import and export commands. */

export { SMS_USAGE, smsCommand } from './backup/import-cli.js';
