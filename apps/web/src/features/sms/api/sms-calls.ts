import {
  SmsApi,
  type SmsData,
  type SmsDetail,
  type SmsFavouriteResult,
  SmsMsg,
  type SmsSearchResult,
} from '@phonecloud/shared';
import { api, type CallOptions } from '../../../api';
import type { SmsRefresh } from './apply-refresh';

/** Every call of the area names it, so that a 6001 leads to /sms.check. */
const AREA: CallOptions = { area: 'sms' };

/** The calls of spec 001 §7 for text messages, typed with the shared contract. */
export const smsCalls = {
  /** `early`: the answer the page's HTML asked for, when it was opened on the area, is taken. */
  list: () => api.get<SmsData>(SmsApi.list, { ...AREA, netError: SmsMsg.NET_LIST, early: true }),
  /**
   * `flag`: the tab on screen (1 messages, 2 favourites; spec 001 §2). The answer carries the
   * conversations changed since `syncVersion` and those `removed`; the same sync_version when none.
   */
  refresh: (syncVersion: number, flag: number) =>
    api.post<SmsRefresh>(
      SmsApi.refresh,
      { sync_version: syncVersion, flag },
      { ...AREA, netError: SmsMsg.NET_REFRESH },
    ),
  /**
   * One page of a conversation, oldest first: the newest, those older than `before`, or with
   * `anchor` every message from it to the newest and a page before it.
   */
  detail: (address: string, before: string | null, anchor: string | null) =>
    api.post<SmsDetail>(
      SmsApi.detail,
      {
        format_address: address,
        ...(before ? { before } : {}),
        ...(anchor ? { anchor } : {}),
      },
      AREA,
    ),
  remove: (syncVersion: number, address: string) =>
    api.post<{ sync_version: number }>(
      SmsApi.delete,
      { sync_version: syncVersion, format_address: address },
      AREA,
    ),
  /** One message (not in the spec: other phone clouds let a message go alone). */
  removeMessage: (syncVersion: number, serverId: string) =>
    api.post<SmsFavouriteResult>(SmsApi.deleteMessage, { sync_version: syncVersion, serverId }, AREA),
  favourite: (syncVersion: number, serverId: string, on: boolean) =>
    api.post<SmsFavouriteResult>(
      SmsApi.favourite,
      { favourite: on ? 1 : 0, sync_version: syncVersion, serverId },
      AREA,
    ),
  search: (query: string, offset: number) =>
    api.post<SmsSearchResult>(SmsApi.search, { query, offset }, AREA),
};
