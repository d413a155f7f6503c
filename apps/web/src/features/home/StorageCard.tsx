import { formatSize } from '@phonecloud/shared';
import { useQueries } from '@tanstack/react-query';
import { LoadingLines } from '../../components/LoadingLines';
import { spaceQueries } from './space-queries';
import { summarizeStorage } from './storage-summary';

export function StorageCard() {
  const [capacity, backup, drive] = useQueries({
    queries: [spaceQueries.capacity(), spaceQueries.backupUsed(), spaceQueries.driveQuota()],
  });
  const summary =
    capacity.data && backup.data && drive.data
      ? summarizeStorage(capacity.data, backup.data, drive.data)
      : null;
  const failed = capacity.isError || backup.isError || drive.isError;
  const retry = () => {
    for (const q of [capacity, backup, drive]) if (q.isError) void q.refetch();
  };

  return (
    <section className="home-card storage-card" aria-labelledby="storage-title">
      <h2 id="storage-title" className="home-card__title">
        存储空间
      </h2>
      {summary ? (
        <>
          <dl className="storage-figures">
            <Figure label="免费空间" value={formatSize(summary.freeBytes)} />
            <Figure label="付费空间" value={formatSize(summary.paidBytes)} />
            <Figure label="已用空间" value={formatSize(summary.usedBytes)} />
            <Figure label="可用空间" value={formatSize(summary.availableBytes)} />
          </dl>
          <div className="storage-bar">
            <div
              className="storage-bar__track"
              role="progressbar"
              aria-label="已用空间占比"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={summary.percent}
            >
              <div className="storage-bar__fill" style={{ width: `${summary.percent}%` }} />
            </div>
            <span className="storage-bar__text">
              已使用 {summary.percent}%（{formatSize(summary.usedBytes)} / {formatSize(summary.totalBytes)}）
            </span>
          </div>
        </>
      ) : failed ? (
        <div className="storage-failed">
          <span>存储信息暂时无法获取</span>
          <button type="button" className="home-button" onClick={retry}>
            重试
          </button>
        </div>
      ) : (
        <LoadingLines />
      )}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="storage-figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
