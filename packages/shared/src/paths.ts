/** Every HTTP path both sides use; a path is written once, here. */
export const Api = {
  // central login (account provider)
  accountLogin: '/account/login.do',
  accountLogout: '/account/logout.do',
  accountRegister: '/account/register.do',
  accountSendCode: '/account/send_code.do',
  accountDraw: '/account/draw.do',
  accountCheckDraw: '/account/check_draw.do',
  accountProfile: '/account/profile.do',
  accountBind: '/account/bind.do',
  accountPassword: '/account/password.do',
  /** The account's signed-in sessions (GET); end one {id}; end every other one. */
  accountSessions: '/account/sessions.do',
  accountSessionEnd: '/account/session_end.do',
  accountSessionEndOthers: '/account/session_end_others.do',
  /** 忘记密码: a code for {account, type} (behind the captcha), then {account, type, code, password}. */
  accountResetCode: '/account/reset_code.do',
  accountResetPassword: '/account/reset_password.do',
  // platform
  platformInfo: '/platform/info.do',
  // verification, main scope and the find-my-phone copies
  verifyInfo: '/verify/verify_info.do',
  verifySendTicket: '/verify/send_ticket.do',
  verifyCheckTicket: '/verify/check_ticket.do',
  verifyCheckDraw: '/verify/check_draw.do',
  verifyDraw: '/verify/draw.do',
  finderVerifyInfo: '/finder/verify/verify_info.do',
  finderSendTicket: '/finder/verify/send_ticket.do',
  finderCheckTicket: '/finder/verify/check_ticket.do',
  // user, navigation, settings
  navigateList: '/navigate/list.do',
  userDetail: '/user/detail.do',
  /** Deletes the signed-in account: {password}; needs a fresh second verification. */
  userDelete: '/user/delete.do',
  settingDetail: '/setting/detail.do',
  settingSave: '/setting/save.do',
  // space
  spaceCapacity: '/space/capacity.do',
  spaceBackupUsed: '/space/backup_used.do',
  spaceDriveQuota: '/space/drive_quota.do',
} as const;

/** Pages of the central login, a second entry of the web build. */
export const AccountPage = {
  entry: '/account/',
  login: '/account/#/login',
  register: '/account/#/register',
  forgot: '/account/#/forgot',
  centre: '/account/#/centre',
} as const;

/** Public pages linked from the footer. */
export const LegalPage = { privacy: '/legal/privacy.html', agreement: '/legal/agreement.html' } as const;

/** CSRF cookie and header names (the axios convention). */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
export const SESSION_COOKIE = 'pc_sid';
