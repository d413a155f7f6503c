import { Api, Msg, type SpaceBackupUsed, type SpaceCapacity, type SpaceDriveQuota } from '@phonecloud/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api';

const netError = Msg.NET_CAPACITY;

export const spaceQueries = {
  capacity: () =>
    queryOptions({
      queryKey: ['space', 'capacity'],
      queryFn: () => api.post<SpaceCapacity>(Api.spaceCapacity, {}, { netError }),
    }),
  backupUsed: () =>
    queryOptions({
      queryKey: ['space', 'backup-used'],
      queryFn: () => api.get<SpaceBackupUsed>(Api.spaceBackupUsed, { netError }),
    }),
  driveQuota: () =>
    queryOptions({
      queryKey: ['space', 'drive-quota'],
      queryFn: () => api.get<SpaceDriveQuota>(Api.spaceDriveQuota, { netError }),
    }),
};
