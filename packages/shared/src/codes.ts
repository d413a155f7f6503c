/** Business codes of the envelope `{code, data, message?}` (spec 000 §8, 001 §8). */
export const Code = {
  OK: 0,
  NOT_LOGGED_IN: 2002,
  DRIVE_TOKEN_EXPIRED: 2003,
  VERIFY_REQUIRED: 6001,
  TICKET_WRONG: 6002,
  TICKET_EXPIRED: 6003,
  TICKET_TOO_FREQUENT: 6004,
  FULL_RELOAD: 1009,
  NOTHING_TO_EXPORT: 1012,
  BAD_CREDENTIALS: 1013,
  TOO_MANY_FAILURES: 1014,
  PHONE_NO_ANSWER: 8001,
  /** Bad input that the spec gives no code of its own; `message` carries the text. */
  INVALID: 1000,
  /** The image captcha has not passed (or was not asked for) before a code is sent. */
  CAPTCHA_REQUIRED: 1001,
  /** A state-changing call without a matching CSRF token or Origin. */
  CSRF: 1002,
  /** The requested name (account, phone, e-mail) belongs to another account. */
  TAKEN: 1003,
  SERVER_ERROR: 500,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/**
 * What one channel of verification is: 1 SMS, 2 e-mail (spec: verify_type); the product adds
 * 3, an authenticator app's time-based code (TOTP), and 4, one of the recovery codes given when
 * the authenticator was enrolled. Neither 3 nor 4 is sent: check_ticket.do takes them directly.
 */
export const VerifyType = { SMS: 1, EMAIL: 2, TOTP: 3, RECOVERY: 4 } as const;
export type VerifyTypeValue = (typeof VerifyType)[keyof typeof VerifyType];
