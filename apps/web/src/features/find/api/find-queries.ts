import { FindMsg } from '@phonecloud/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { findCalls, findKeys } from './find-calls';

export const deviceListQuery = () =>
  queryOptions({ queryKey: findKeys.list, queryFn: findCalls.list, staleTime: 0 });

/** The account's phones; a failure is shown by the screen (with a retry), not toasted. */
export function useDeviceList() {
  return useQuery({ ...deviceListQuery(), meta: { silent: true } });
}

export const historyQuery = (deviceId: string) =>
  queryOptions({
    queryKey: findKeys.history(deviceId),
    queryFn: () => findCalls.history(deviceId),
    staleTime: 0,
  });

/** What a phone is called on the screens. */
export const deviceName = (d: { brand: string; model: string }) =>
  `${d.brand} ${d.model}`.trim() || FindMsg.DEVICE_NOT_FOUND;
