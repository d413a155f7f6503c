import {
  Code,
  formatSize,
  TAKEOUT_POLL_MS,
  TakeoutApi,
  type TakeoutJob,
  TakeoutMsg,
  TakeoutState,
} from '@phonecloud/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Progress } from 'antd';
import { api, isApiError } from '../../../api';
import { useFreshVerification } from '../codes/use-fresh-verification';
import { when } from './when';

const takeoutKey = ['account', 'takeout'] as const;

/** Percent of a running takeout: bytes written over the estimate, never 100 before it is ready. */
function percent(job: TakeoutJob): number {
  if (job.total <= 0) return 0;
  return Math.min(99, Math.floor((job.done / job.total) * 100));
}

/**
 * 导出全部数据: starts the zip of every area's data, shows its progress while the server builds
 * it, then its size, expiry and download. Every call needs a fresh verification (6001 opens the
 * dialog, then the call goes again).
 */
export function TakeoutCard() {
  const queryClient = useQueryClient();
  const fresh = useFreshVerification();
  const status = useQuery({
    queryKey: takeoutKey,
    queryFn: () => api.get<{ job: TakeoutJob | null }>(TakeoutApi.status),
    retry: false,
    meta: { silent: true },
    refetchInterval: (q) => (q.state.data?.job?.state === TakeoutState.RUNNING ? TAKEOUT_POLL_MS : false),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: takeoutKey });
  const start = useMutation({
    mutationFn: () => api.post<TakeoutJob>(TakeoutApi.start),
    onSuccess: (job) => queryClient.setQueryData(takeoutKey, { job }),
    onError: (e) => {
      fresh.needsVerification(e, () => start.mutate());
    },
    meta: { silent: true },
  });
  // The file is the whole account: the download asks for the verification first when it lapsed.
  const download = useMutation({
    mutationFn: async (job: TakeoutJob) => {
      await api.get(TakeoutApi.status);
      window.location.assign(job.file_path ?? '');
    },
    onError: (e, job) => {
      fresh.needsVerification(e, () => download.mutate(job));
    },
    meta: { silent: true },
  });

  const unverified = isApiError(status.error) && status.error.code === Code.VERIFY_REQUIRED;
  const job = status.data?.job ?? null;
  const running = job?.state === TakeoutState.RUNNING;

  return (
    <section className="centre-section takeout-card" aria-label={TakeoutMsg.TITLE}>
      <h2 className="centre-section__title">{TakeoutMsg.TITLE}</h2>
      <p className="centre-section__hint">{TakeoutMsg.INTRO}</p>
      {job ? (
        <JobView job={job} onDownload={() => download.mutate(job)} downloading={download.isPending} />
      ) : null}
      {status.isSuccess && !job ? <p className="takeout-card__none">{TakeoutMsg.NONE}</p> : null}
      {status.isError && !unverified ? (
        <Alert type="error" showIcon className="form-alert" title={status.error.message} />
      ) : null}
      <div className="takeout-card__actions">
        {unverified ? (
          <Button onClick={() => fresh.needsVerification(status.error, refresh)}>验证身份后查看</Button>
        ) : null}
        {running ? null : (
          <Button type={job ? 'default' : 'primary'} loading={start.isPending} onClick={() => start.mutate()}>
            {job ? TakeoutMsg.START_AGAIN : TakeoutMsg.START}
          </Button>
        )}
      </div>
      {fresh.dialog}
    </section>
  );
}

function JobView({
  job,
  onDownload,
  downloading,
}: {
  job: TakeoutJob;
  onDownload: () => void;
  downloading: boolean;
}) {
  if (job.state === TakeoutState.RUNNING) {
    return (
      <div className="takeout-card__job" role="status">
        <span>{TakeoutMsg.RUNNING}</span>
        <Progress percent={percent(job)} status="active" aria-label="导出进度" />
      </div>
    );
  }
  if (job.state === TakeoutState.FAILED) {
    return <Alert type="error" showIcon className="form-alert" title={job.error ?? TakeoutMsg.FAILED} />;
  }
  return (
    <div className="takeout-card__job takeout-card__ready">
      <div className="takeout-card__file">
        <span className="takeout-card__name">{job.name}</span>
        <span className="takeout-card__meta">
          {TakeoutMsg.SIZE} {formatSize(job.size ?? 0)} · {TakeoutMsg.EXPIRES} {when(job.expires_at ?? 0)}
        </span>
      </div>
      <Button type="primary" loading={downloading} onClick={onDownload}>
        {TakeoutMsg.DOWNLOAD}
      </Button>
    </div>
  );
}
