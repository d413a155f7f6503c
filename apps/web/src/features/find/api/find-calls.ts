import {
  CommandOption,
  encodeWipePassword,
  FindApi,
  type FindCommandAnswer,
  type FindCommandResult,
  type FindDeviceList,
  type FindLocateData,
  type FindLocateStart,
  type FindOpList,
  Msg,
} from '@phonecloud/shared';
import { api, type CallOptions } from '../../../api';

/** Every call names the area, so that a 6001 leads to /find.check (the finder scope). */
const AREA: CallOptions = { area: 'find' };
const ACT: CallOptions = { area: 'find', netError: Msg.NET_SERVER };

/** The find-my-phone calls of spec 001 §7, typed with the shared contract. */
export const findCalls = {
  list: () => api.get<FindDeviceList>(FindApi.list, { ...AREA, netError: Msg.NET_LIST }),
  remove: (deviceId: string) => api.post<unknown>(FindApi.del, { device_id: deviceId }, ACT),
  locate: (deviceId: string) => api.post<FindLocateStart>(FindApi.locate, { device_id: deviceId }, ACT),
  location: (deviceId: string) =>
    api.post<FindLocateData>(FindApi.phoneLocation, { device_id: deviceId }, AREA),
  lock: (deviceId: string, lockInfo: string) =>
    api.post<FindCommandAnswer>(
      FindApi.lock,
      { device_id: deviceId, command_option: CommandOption.START, lock_info: lockInfo },
      ACT,
    ),
  unlock: (deviceId: string) =>
    api.post<FindCommandAnswer>(
      FindApi.lock,
      { device_id: deviceId, command_option: CommandOption.STOP, lock_info: '' },
      ACT,
    ),
  isLocked: (deviceId: string) =>
    api.post<{ locked: 0 | 1 }>(FindApi.isLocked, { device_id: deviceId }, AREA),
  ring: (deviceId: string, code: string) =>
    api.post<FindCommandAnswer>(
      FindApi.ring,
      { device_id: deviceId, command_option: CommandOption.START, password: code },
      ACT,
    ),
  stopRing: (deviceId: string) =>
    api.post<FindCommandAnswer>(
      FindApi.ring,
      { device_id: deviceId, command_option: CommandOption.STOP, password: '' },
      ACT,
    ),
  result: (commandId: string) =>
    api.post<FindCommandResult>(FindApi.commandResult, { command_id: commandId }, AREA),
  /** The password travels encoded (spec 001 §5). */
  wipe: (deviceId: string, account: string, password: string) =>
    api.post<FindCommandAnswer>(
      FindApi.wipe,
      { device_id: deviceId, user_name: account, pwd: encodeWipePassword(password) },
      ACT,
    ),
  history: (deviceId?: string) =>
    api.post<FindOpList>(FindApi.opList, deviceId ? { device_id: deviceId } : {}, AREA),
};

export const findKeys = {
  list: ['find', 'list'] as const,
  history: (deviceId: string) => ['find', 'history', deviceId] as const,
};
