import { usagePercent } from '@phonecloud/shared';
import { useQuery } from '@tanstack/react-query';
import { Progress, Tooltip } from 'antd';
import { driveKeys } from './listing/use-folder-listing';
import { DriveText } from './texts';
import type { DriveBackend, Quota } from './types';

/** Used over total space of the drive (the bin counts until it is emptied). */
export function SpaceIndicator({
  quota,
  format,
}: {
  quota: Quota | undefined;
  format(bytes: number): string;
}) {
  if (!quota) return <div className="drive-space" />;
  const percent = usagePercent(quota.used, quota.total);
  return (
    <Tooltip title={`已使用 ${percent}%`}>
      <div className="drive-space" data-testid="drive-space">
        <Progress percent={percent} showInfo={false} size="small" strokeColor="var(--skin-primary)" />
        <span className="drive-space__text">{DriveText.space(format(quota.used), format(quota.total))}</span>
      </div>
    </Tooltip>
  );
}

/** The drive's used and total space, read once the drive's token is there. */
export function useDriveQuota(backend: DriveBackend) {
  return useQuery({
    queryKey: driveKeys.quota(backend),
    queryFn: async () => {
      await backend.prepare();
      return backend.quota();
    },
  });
}
