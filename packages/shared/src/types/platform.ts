import type { SkinId } from '../services.js';

export interface VerifyInfo {
  /** Masked phone number, or '' when none is bound. */
  phone: string;
  /** Masked e-mail address, or '' when none is bound. */
  email: string;
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
}
export interface AccountProfile {
  username: string;
  phone: string;
  email: string;
}
