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
 * share one cache entry whoever asks first. Each may take the answer the page's HTML asked for
 * before the scripts ran (`early`: vite.config.ts lists these paths for the areas that start them).
 */
const EARLY = { early: true } as const;
export const platformQueries = {
  info: () =>
    queryOptions({
      queryKey: ['platform', 'info'],
      queryFn: () => api.get<PlatformInfo>(Api.platformInfo, EARLY),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  user: () =>
    queryOptions({
      queryKey: ['user', 'detail'],
      queryFn: () => api.get<UserDetail>(Api.userDetail, EARLY),
    }),
  member: () =>
    queryOptions({
      queryKey: ['navigate', 'list'],
      queryFn: () => api.get<NavigateList>(Api.navigateList, { ...EARLY, netError: Msg.NET_LIST }),
    }),
  setting: () =>
    queryOptions({
      queryKey: ['setting', 'detail'],
      queryFn: () => api.get<SettingDetail>(Api.settingDetail, EARLY),
    }),
};
