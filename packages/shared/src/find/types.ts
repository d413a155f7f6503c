import type { CommandKind, CommandStatusValue, FindFunctionValue } from './codes.js';

/** One phone of the account (spec 001 §3: device). */
export interface FindDevice {
  device_id: string;
  brand: string;
  model: string;
  /** 1 online, 0 offline. */
  is_online: 0 | 1;
  /** Functions the phone offers (1 ring, 2 lock, 3 wipe). */
  functions: FindFunctionValue[];
  locked: 0 | 1;
}

export interface FindDeviceList {
  count: number;
  list: FindDevice[];
}

/** WGS-84 position the phone reported, with the place text it resolved. */
export interface PhoneLocation {
  longitude: number;
  latitude: number;
  /** Metres. */
  accuracy: number;
  /** Epoch ms, when the phone took the fix. */
  locate_time: number;
  location: string;
}

/** phone_location.do's answer (spec 001 §3: locate data). */
export interface FindLocateData {
  /** 1 once the location is newer than the last locate.do. */
  latest: 0 | 1;
  locked: 0 | 1;
  phone_location: PhoneLocation | null;
  /** Why the phone could not locate itself; empty when nothing went wrong. */
  error_info: string;
  is_online: 0 | 1;
}

export interface FindLocateStart {
  brand: string;
  model: string;
  command_id: string;
}

export interface FindCommandAnswer {
  command_id: string;
}

export interface FindCommandResult {
  command_status: CommandStatusValue;
}

/** One command in the history (op/list.do). */
export interface FindOp {
  command_id: string;
  device_id: string;
  brand: string;
  model: string;
  kind: CommandKind;
  command_status: CommandStatusValue;
  /** Epoch ms. */
  created_at: number;
  finished_at: number | null;
  /** Where it was issued from. */
  ip: string;
  browser: string;
}

export interface FindOpList {
  count: number;
  list: FindOp[];
}

// The device API. Its requests are inferred from their schemas (api/device.ts).

export type {
  DeviceCommandResult,
  DeviceLocationReport,
  DeviceSigninFinish,
  DeviceSigninStart,
} from '../api/device.js';

export interface DeviceSigninStarted {
  /** Names this sign-in; sent back with the code. */
  challenge: string;
  /** Where the code went: 'sms' or 'email', and the masked address. */
  channel: 'sms' | 'email';
  target: string;
}

export interface DeviceSigninDone {
  /** The long-lived device token: `Authorization: Bearer <token>`. */
  token: string;
  device_id: string;
}

export interface DeviceState {
  device_id: string;
  locked: 0 | 1;
}

/** A command as the phone receives it. */
export interface DeviceCommand {
  command_id: string;
  kind: CommandKind;
  created_at: number;
  /** lock: the lock screen's text. */
  lock_info?: string;
  /** ring: the 6-digit code that stops it on the phone. */
  ring_code?: string;
}

/**
 * The portal's find-my-phone settings, in platform/info.do's `find` (null when this deployment
 * does not serve find-my-phone: no header link, no home tile).
 */
export interface FindPortalInfo {
  /** Leaflet tile URL template (`{z}/{x}/{y}`, `{s}`); '' = no tiles, the map is blank. */
  tileUrl: string;
  /** The tile source's coordinate system: phones report WGS-84, Chinese sources draw GCJ-02. */
  tileCoords: 'wgs84' | 'gcj02';
  tileAttribution: string;
  /** `{s}` of the template. */
  tileSubdomains: string;
}
