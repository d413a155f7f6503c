import {
  Api,
  Msg,
  type NavigateList,
  type PlatformInfo,
  type SettingDetail,
  type UserDetail,
} from '@phonecloud/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './index';

/**
 * Calls the header, the footer and the home page all read; one definition each, so that they
 * share one cache entry whoever asks first.
 */
export const platformQueries = {
  info: () =>
    queryOptions({
      queryKey: ['platform', 'info'],
      queryFn: () => api.get<PlatformInfo>(Api.platformInfo),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  user: () =>
    queryOptions({
      queryKey: ['user', 'detail'],
      queryFn: () => api.get<UserDetail>(Api.userDetail),
    }),
  member: () =>
    queryOptions({
      queryKey: ['navigate', 'list'],
      queryFn: () => api.get<NavigateList>(Api.navigateList, { netError: Msg.NET_LIST }),
    }),
  setting: () =>
    queryOptions({
      queryKey: ['setting', 'detail'],
      queryFn: () => api.get<SettingDetail>(Api.settingDetail),
    }),
};
