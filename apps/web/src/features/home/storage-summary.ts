import {
  BYTES_PER_GB,
  type SpaceBackupUsed,
  type SpaceCapacity,
  type SpaceDriveQuota,
  usagePercent,
} from '@phonecloud/shared';

export interface StorageSummary {
  freeBytes: number;
  paidBytes: number;
  totalBytes: number;
  usedBytes: number;
  availableBytes: number;
  /** Width of the bar: used over total, rounded, in percent. */
  percent: number;
}

/**
 * The home page's four figures. Total is free plus paid (both in GB from the capacity call);
 * used is what the synced data sets take plus what the drive holds.
 */
export function summarizeStorage(
  capacity: SpaceCapacity,
  backup: SpaceBackupUsed,
  drive: SpaceDriveQuota,
): StorageSummary {
  const freeBytes = capacity.freeSize * BYTES_PER_GB;
  const paidBytes = capacity.paymentSize * BYTES_PER_GB;
  const totalBytes = freeBytes + paidBytes;
  const usedBytes = backup.usedSize + drive.used;
  return {
    freeBytes,
    paidBytes,
    totalBytes,
    usedBytes,
    availableBytes: Math.max(0, totalBytes - usedBytes),
    percent: usagePercent(usedBytes, totalBytes),
  };
}
