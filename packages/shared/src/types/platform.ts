import type { FindPortalInfo } from '../find/types.js';
import type { SkinId } from '../services.js';

export interface VerifyInfo {
  /** Masked phone number, or '' when none is bound. */
  phone: string;
  /** Masked e-mail address, or '' when none is bound. */
  email: string;
  /** The verify_type values this account can use now (1 SMS, 2 e-mail, 3 TOTP, 4 recovery code). */
  types: number[];
}
export interface CheckDrawResult {
  success: boolean;
}
export interface UserDetail {
  username: string;
  /** 1 when the account has a bound phone or e-mail (can pass a second verification). */
  flag: number;
}
export interface NavigateList {
  member: number[];
}
export interface SettingDetail {
  skin: SkinId;
  content: { skin: SkinId; btn_class: string; body_class: string };
}
/** Capacity call: free and paid space in GB. */
export interface SpaceCapacity {
  freeSize: number;
  paymentSize: number;
}
/** Used size of the cloud backup (synced data sets) in bytes. */
export interface SpaceBackupUsed {
  usedSize: number;
}
/** Drive quota in bytes. */
export interface SpaceDriveQuota {
  used: number;
  total: number;
}
export interface PlatformInfo {
  productName: string;
  vendor: string;
  filingNumber: string;
  filingUrl: string;
  /** Find-my-phone's map settings; null when find-my-phone is not served here. */
  find: FindPortalInfo | null;
}
export interface AccountProfile {
  username: string;
  phone: string;
  email: string;
}

/** One signed-in session of the account, as the account centre lists it. */
export interface AccountSession {
  /** A public handle of the session (not its cookie, not its stored key). */
  id: string;
  /** Browser and system, e.g. 'Chrome 120 · Android 13'. */
  device: string;
  ip: string;
  created_at: number;
  last_seen_at: number;
  /** The session this list was asked from. */
  current: boolean;
}
