/**
 * Business codes of the contacts area that the spec does not number (1009 full reload and 1012
 * nothing to export are the spec's, in `Code`). Validation failures answer `Code.INVALID` with
 * the spec's text.
 */
export const ContactCode = {
  /** A save or delete carried a version_code that is no longer the contact's. */
  STALE_VERSION: 1010,
  /** No such contact in this account (another account's ids answer the same). */
  NOT_FOUND: 1011,
} as const;
