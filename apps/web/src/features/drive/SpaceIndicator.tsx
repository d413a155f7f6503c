import { usagePercent } from '@phonecloud/shared';
import { Progress, Tooltip } from 'antd';
import { DriveText } from './texts';
import type { Quota } from './types';

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
