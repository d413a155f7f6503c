/**
 * The authenticator (TOTP, RFC 6238) as a channel of the second verification: its calls in the
 * account centre, its numbers and texts. verify_type 3 takes its codes, 4 a recovery code.
 */

/** Calls of the account centre; enrolling and removing need a fresh main-scope verification. */
export const TotpApi = {
  /** GET: {enabled, enrolled_at, recovery_left}. */
  status: '/account/totp_status.do',
  /** POST: starts (or restarts) an enrolment: {secret, uri, qr} (qr is a PNG data: URL). */
  enrol: '/account/totp_enrol.do',
  /** POST {code}: the first code from the app ends the enrolment: {recovery_codes}. */
  confirm: '/account/totp_confirm.do',
  /** POST: removes the authenticator and its recovery codes. */
  remove: '/account/totp_remove.do',
  /** POST: new recovery codes in place of the old ones (used or not): {recovery_codes}. */
  recovery: '/account/totp_recovery.do',
} as const;

/** Seconds a code of the app lasts (the apps' default, which the QR does not need to state). */
export const TOTP_PERIOD_SECONDS = 30;
/** Steps before and after the current one that still count (a phone's clock a little off). */
export const TOTP_DRIFT_STEPS = 1;
/** Wrong codes or recovery codes, per account, inside the window; then 1014 until it passes. */
export const TOTP_MAX_FAILURES = 5;
export const TOTP_FAILURE_WINDOW_MINUTES = 15;
/** Recovery codes handed out at an enrolment, each single use. */
export const TOTP_RECOVERY_CODE_COUNT = 10;
/** Characters of a recovery code (shown as two groups of five). */
export const TOTP_RECOVERY_CODE_LENGTH = 10;
/** Minutes an enrolment may wait for its first code. */
export const TOTP_ENROL_TTL_MINUTES = 15;

export const TotpMsg = {
  NO_SEND: '身份验证器的动态码无需发送，请直接输入',
  CODE_USED: '该动态码已使用过，请等待下一个动态码',
  ALREADY_ENROLLED: '已绑定身份验证器，如需更换请先解除绑定',
  NO_ENROLMENT: '绑定已过期，请重新扫描二维码',
  ENROLLED: '身份验证器已绑定',
  REMOVED: '身份验证器已解除绑定',
  NOT_ENROLLED: '尚未绑定身份验证器',
  ACCOUNT_DELETED: '账号已注销',
} as const;

export interface TotpStatus {
  enabled: boolean;
  /** When the authenticator was enrolled (ms), 0 when none is. */
  enrolled_at: number;
  /** Unused recovery codes left. */
  recovery_left: number;
}

export interface TotpEnrolment {
  /** Base32 secret, to type into an app that cannot scan. */
  secret: string;
  /** The otpauth:// address the QR code carries. */
  uri: string;
  /** The QR code as a PNG `data:` URL (an <img> source: nothing inline to run or style). */
  qr: string;
}

export interface TotpConfirmed {
  recovery_codes: string[];
}
