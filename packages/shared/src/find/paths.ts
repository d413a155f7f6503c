/** The portal's find-my-phone calls (spec 001 §7), all POST form-encoded except `list`. */
export const FindApi = {
  /** GET: `FindDeviceList` of the account's phones. */
  list: '/finder/list.do',
  /** `{device_id}`: removes the phone and revokes its device token. */
  del: '/finder/del.do',
  /** `{device_id}`: asks the phone for a fresh location; answers `FindLocateStart` (brand, model). */
  locate: '/finder/locate.do',
  /** `{device_id}`: the last location, `FindLocateData` (`latest` 1 once it is newer than the ask). */
  phoneLocation: '/finder/phone_location.do',
  /** `{device_id, command_option 1 lock / 0 unlock, lock_info}`: answers `FindCommandAnswer`. */
  lock: '/finder/lock.do',
  /** `{device_id}`: answers `{locked}`. */
  isLocked: '/finder/is_locked.do',
  /** `{device_id, command_option 1 ring / 0 stop, password}` (the 6-digit code): `FindCommandAnswer`. */
  ring: '/finder/ring.do',
  /** `{command_id}`: answers `{command_status}`. */
  commandResult: '/finder/command_result.do',
  /** `{device_id, user_name, pwd}` (pwd encoded, see `encodeWipePassword`): `FindCommandAnswer`. */
  wipe: '/finder/wipe.do',
  /** `{device_id?}`: every command, newest first, `FindOpList`. */
  opList: '/finder/op/list.do',
} as const;

/** Where the device API lives: its own prefix, JSON bodies, `Authorization: Bearer <token>`. */
export const DEVICE_API_PREFIX = '/device/v1';

/** The device API (the phone's side; see docs/find.md). */
export const DeviceApi = {
  /** `{account, password}` → `DeviceSigninStarted`: a code goes to the bound phone (or e-mail). */
  signinStart: `${DEVICE_API_PREFIX}/signin/start`,
  /** `{challenge, code, device_id, brand, model, functions}` → `DeviceSigninDone` (the token). */
  signinFinish: `${DEVICE_API_PREFIX}/signin/finish`,
  /** Bearer. `{}` → `DeviceState`: marks the phone online. */
  heartbeat: `${DEVICE_API_PREFIX}/heartbeat`,
  /** Bearer. `DeviceLocationReport` → `{}`. */
  location: `${DEVICE_API_PREFIX}/location`,
  /** Bearer. `{wait_ms?}` → `{commands: DeviceCommand[]}`: held open until a command or the wait ends. */
  commandsPoll: `${DEVICE_API_PREFIX}/commands/poll`,
  /** Bearer. `{command_id}` → `{}`: the phone has the command (receipt). */
  commandAck: `${DEVICE_API_PREFIX}/commands/ack`,
  /** Bearer. `{command_id, success, error?}` → `{}`: the command's outcome. */
  commandResult: `${DEVICE_API_PREFIX}/commands/result`,
  /** Bearer. `{}` → `{}`: the phone gives up its token. */
  signout: `${DEVICE_API_PREFIX}/signout`,
} as const;
