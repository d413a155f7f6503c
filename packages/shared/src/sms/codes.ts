/**
 * Business codes of the SMS area that the spec does not number (1009 full reload and 1012 nothing
 * to export are the spec's, in `Code`). Validation failures answer `Code.INVALID`.
 */
export const SmsCode = {
  /** A write carried a sync_version that is no longer the box's: refused, never applied. */
  STALE_SYNC: 1010,
  /** No such message or conversation in this account (another account's ids answer the same). */
  NOT_FOUND: 1011,
} as const;
