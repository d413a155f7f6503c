/**
 * App passwords: the credential of WebDAV, CardDAV and CalDAV clients, which cannot pass the
 * portal's second verification. Each is a random secret shown once when created, stored only as
 * a keyed hash, listed with its last use and revoked one by one; a password change and account
 * deletion revoke them all. An app password opens DAV only, never the portal.
 */

/** Calls of the account centre; creating and revoking need a fresh main-scope verification. */
export const AppPasswordApi = {
  /** GET: {list: AppPasswordItem[]}, newest first. */
  list: '/account/app_passwords.do',
  /** POST {name}: a new app password: {item, password} (the password is never shown again). */
  create: '/account/app_password_create.do',
  /** POST {id}: revokes one app password of the account. */
  revoke: '/account/app_password_revoke.do',
} as const;

/** Characters of a name (what the password is for: 'DAVx5 手机', 'rclone 笔记本'). */
export const APP_PASSWORD_NAME_MAX = 40;
/** App passwords one account may hold at once. */
export const APP_PASSWORD_MAX_PER_ACCOUNT = 50;
/** Characters of the secret (from a 32-letter alphabet: 100 bits), shown in groups of five. */
export const APP_PASSWORD_LENGTH = 20;
export const APP_PASSWORD_GROUP = 5;
/** The last use is written again only when older than this (or from another address/client). */
export const APP_PASSWORD_LAST_USE_SECONDS = 60;
/** The realm DAV clients show when they ask for a user name and password. */
export const DAV_REALM = 'PhoneCloud';

export const AppPasswordMsg = {
  NAME_EMPTY: '请输入应用密码的名称',
  NAME_TOO_LONG: `名称不能超过${APP_PASSWORD_NAME_MAX}个字符`,
  TOO_MANY: `应用密码已达上限（${APP_PASSWORD_MAX_PER_ACCOUNT}个），请先撤销不再使用的`,
  GONE: '该应用密码不存在或已撤销',
  REVOKED: '应用密码已撤销',
  CREATED: '应用密码已创建',
  /** The body of a DAV 401 (clients rarely show it; a person with curl does). */
  DAV_UNAUTHORIZED: '请使用账号名和应用密码登录（在账号中心创建应用密码）',
  DAV_THROTTLED: '密码错误次数过多，请稍后再试',
} as const;

export interface AppPasswordItem {
  id: number;
  name: string;
  created_at: number;
  /** When a client last signed in with it (ms), 0 when never. */
  last_used_at: number;
  /** The address and client (User-Agent, shortened) of that last use; '' when never. */
  last_ip: string;
  last_client: string;
}

export interface AppPasswordCreated {
  item: AppPasswordItem;
  /** The secret, grouped with dashes; this response is the only place it ever appears. */
  password: string;
}
