import {
  AVATAR_FID,
  type AvatarUploadResult,
  ContactApi,
  type ContactAttachment,
  type ContactChangeResult,
  type ContactContent,
  type ContactRefresh,
  type ContactSaveResult,
  type CsvLayout,
  type ExportResult,
  type MergeResult,
  type RecycleBin,
  type RepeatList,
  type TimeMachineChange,
  type TimeMachineList,
  type VcardVersion,
} from '@phonecloud/shared';
import { api, type CallOptions } from '../../../api';

/** Every call of the area names it, so that a 6001 leads to /contact.check. */
const AREA: CallOptions = { area: 'contact' };
// The spec leaves refresh.do's `flag` open; the server accepts any value. 0: a plain poll.
const POLL_FLAG = 0;

const json = (v: unknown) => JSON.stringify(v);

/** The calls of spec 001 §7 for contacts, typed with the shared contract. */
export const contactCalls = {
  refresh: (syncVersion: number) =>
    api.post<ContactRefresh>(ContactApi.refresh, { sync_version: syncVersion, flag: POLL_FLAG }, AREA),
  /** `requestKey`: a create's key, kept while the editor is open (a retry answers that contact). */
  save: (
    data: {
      server_id?: string;
      version_code?: number;
      content: ContactContent;
      attachment: ContactAttachment[];
    },
    requestKey?: string,
  ) => api.post<ContactSaveResult>(ContactApi.save, { data: json(data) }, { ...AREA, requestKey }),
  /** `versions`: id to the version_code the screen showed (a stale one is refused). */
  remove: (syncVersion: number, versions: Record<string, number>) =>
    api.post<ContactChangeResult>(
      ContactApi.delete,
      { sync_version: syncVersion, server_ids: json(versions) },
      AREA,
    ),

  recycleList: () => api.get<RecycleBin>(ContactApi.recycleList, AREA),
  recycleRecover: (syncVersion: number, ids: readonly string[]) =>
    api.post<ContactChangeResult>(
      ContactApi.recycleRecover,
      { sync_version: syncVersion, server_ids: json(ids) },
      AREA,
    ),
  recycleRecoverAll: (syncVersion: number) =>
    api.post<ContactChangeResult>(ContactApi.recycleFullRecover, { sync_version: syncVersion }, AREA),
  recycleDelete: (syncVersion: number, ids: readonly string[]) =>
    api.post<ContactChangeResult>(
      ContactApi.recycleDelete,
      { sync_version: syncVersion, server_ids: json(ids) },
      AREA,
    ),
  recycleEmpty: (syncVersion: number) =>
    api.post<ContactChangeResult>(ContactApi.recycleEmpty, { sync_version: syncVersion }, AREA),

  uploadAvatar: (filename: string, dataUrl: string) =>
    api.post<AvatarUploadResult>(ContactApi.upload, { filename, fid: AVATAR_FID, file: dataUrl }, AREA),

  timeMachineList: () => api.get<TimeMachineList>(ContactApi.timeMachineList, AREA),
  timeMachineChange: (syncVersion: number, node: { object_id: string; version_code: number }) =>
    api.post<TimeMachineChange>(
      ContactApi.timeMachineChange,
      { sync_version: syncVersion, version_code: node.version_code, object_id: node.object_id },
      AREA,
    ),
  timeMachineRecover: (syncVersion: number, objectId: string) =>
    api.post<ContactChangeResult>(
      ContactApi.timeMachineRecover,
      { sync_version: syncVersion, time_machine: objectId },
      AREA,
    ),

  groupAdd: (syncVersion: number, name: string) =>
    api.post<{ sync_version: number }>(
      ContactApi.groupAdd,
      { sync_version: syncVersion, group_name: name },
      AREA,
    ),
  /**
   * `members`: the group's contacts (spec §7 `server_ids`). The server makes them exactly the
   * renamed group's members, so the edit dialog, which only renames, sends the members it has.
   */
  groupRename: (syncVersion: number, oldName: string, name: string, members: readonly string[]) =>
    api.post<ContactChangeResult>(
      ContactApi.groupUpdate,
      { sync_version: syncVersion, old_group_name: oldName, group_name: name, server_ids: json(members) },
      AREA,
    ),
  groupDelete: (syncVersion: number, name: string, members: readonly string[]) =>
    api.post<ContactChangeResult>(
      ContactApi.groupDelete,
      { sync_version: syncVersion, group_name: name, server_ids: json(members) },
      AREA,
    ),
  groupJoin: (syncVersion: number, names: readonly string[], ids: readonly string[]) =>
    api.post<ContactChangeResult>(
      ContactApi.groupJoin,
      { sync_version: syncVersion, group_names: json(names), server_ids: json(ids) },
      AREA,
    ),

  /** The whole book, one group or chosen contacts, in vCard 3.0 (default) or 4.0, or a CSV layout. */
  exportBook: (
    syncVersion: number,
    options: { group?: string; ids?: readonly string[]; version?: VcardVersion; csv?: CsvLayout } = {},
  ) =>
    api.post<ExportResult>(
      ContactApi.export,
      {
        sync_version: syncVersion,
        ...(options.group !== undefined ? { group_name: options.group } : {}),
        ...(options.ids ? { server_ids: json(options.ids) } : {}),
        ...(options.version ? { version: options.version } : {}),
        ...(options.csv ? { csv: options.csv } : {}),
      },
      AREA,
    ),
  repeatList: () => api.get<RepeatList>(ContactApi.repeatList, AREA),
  merge: (syncVersion: number, groups: readonly (readonly string[])[]) =>
    api.post<MergeResult>(
      ContactApi.merge,
      { sync_version: syncVersion, data: json({ repeat_ids: groups }) },
      AREA,
    ),
};
