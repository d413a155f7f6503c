/** Every number of the spec lives here once; server and web import it. */

/** Seconds between two codes on one channel (spec: resend wait 60 s, code 6004). */
export const RESEND_WAIT_SECONDS = 60;
/** Milliseconds an error text stays under a verification field. */
export const ERROR_TEXT_MS = 5000;
/** Milliseconds a success tip stays. */
export const SUCCESS_TIP_MS = 1000;
/** A code is six digits. */
export const CODE_LENGTH = 6;
/** A code expires (6003) after this many minutes. */
export const CODE_TTL_MINUTES = 10;
/** Wrong tries that void a code. */
export const CODE_MAX_ATTEMPTS = 5;
/** A captcha image expires after this many minutes. */
export const CAPTCHA_TTL_MINUTES = 5;
/** Characters in a captcha image. */
export const CAPTCHA_LENGTH = 4;
/** Default minutes a second verification stays valid (VERIFY_TTL_MINUTES). */
export const DEFAULT_VERIFY_TTL_MINUTES = 120;

/** Failed sign-ins per account, and per address, inside the window before a lockout. */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 20;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
/** 忘记密码: code requests per client address in an hour (each also needs a captcha). */
export const RESET_MAX_REQUESTS_PER_ADDRESS_HOUR = 10;

/** Days a signed-in session lasts without use. */
export const SESSION_IDLE_DAYS = 30;
/** Days a signed-in session lasts at most, however often it is used. */
export const SESSION_MAX_DAYS = 90;

/** Largest form or JSON body of a call (avatars, imports and drive uploads set their own). */
export const REQUEST_BODY_MAX_BYTES = 1024 * 1024;

/** Default free space in GB; total is free plus paid. */
export const DEFAULT_FREE_SPACE_GB = 5;
export const BYTES_PER_GB = 1024 ** 3;

/** Width from which the portal is the spec's desktop layout; below it the page adapts (phones). */
export const MIN_PAGE_WIDTH_PX = 1374;

/** Account fields. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/**
 * Written in the pages' `csp-nonce` meta tag by the build; the server puts each response's
 * Content-Security-Policy nonce in its place.
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * The header a create of the portal's carries its request key in (one per intent to create, kept
 * by the screen until the create succeeds): a retry with the same key answers the item the first
 * try made (`create_keys`, a day).
 */
export const REQUEST_KEY_HEADER = 'Idempotency-Key';
/** What a request key may be: a random token (a UUID). */
export const REQUEST_KEY_RE = /^[A-Za-z0-9_-]{16,100}$/;
