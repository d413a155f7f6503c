import './share-page.css';
import { CloudOutlined, LockOutlined, StopOutlined } from '@ant-design/icons';
import { SHARE_CODE_LENGTH, ShareCode, ShareMsg, type SharePublicInfo, ShareText } from '@phonecloud/shared';
import { Button, Input, Result, Spin } from 'antd';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { isApiError, shouldReport } from '../../api';
import { SiteFooter } from '../../components/SiteFooter';
import { toast } from '../../components/toast';
import { sharePublic, visitStore } from './public-api';
import { SharedFiles } from './SharedFiles';
import { day } from './share-time';

type State =
  | { kind: 'loading' }
  | { kind: 'ended'; message: string }
  | { kind: 'code'; info: SharePublicInfo }
  | { kind: 'open'; info: SharePublicInfo | null; token: string; name: string };

const ENDED = new Set<number>([ShareCode.NOT_FOUND, ShareCode.CANCELLED, ShareCode.EXPIRED]);

/**
 * The public page of a share link (`/s/<id>` → `#/s/<id>`): outside the portal's login, it asks
 * for the extraction code, then lists what was shared (into shared folders, never above them)
 * with downloads (a zip for several). A cancelled, expired or unknown link says so.
 */
export default function SharePage() {
  const shareId = useParams().shareId ?? '';
  const [search] = useSearchParams();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const start = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      const info = await sharePublic.info(shareId);
      const kept = visitStore.get(shareId);
      if (kept) {
        setState({ kind: 'open', info, token: kept.token, name: kept.name });
        return;
      }
      if (!info.has_pwd) {
        const visit = await sharePublic.open(shareId, '');
        visitStore.set(shareId, { token: visit.share_token, name: visit.share_name });
        setState({ kind: 'open', info, token: visit.share_token, name: visit.share_name });
        return;
      }
      setState({ kind: 'code', info });
    } catch (err) {
      if (isApiError(err) && ENDED.has(err.code)) setState({ kind: 'ended', message: err.message });
      else setState({ kind: 'ended', message: err instanceof Error ? err.message : ShareMsg.NET_OPEN });
    }
  }, [shareId]);

  /** Any call's failure: an ended link, a visit that lapsed (ask for the code again), or a toast. */
  const fail = useCallback(
    (err: unknown) => {
      if (isApiError(err) && ENDED.has(err.code)) {
        visitStore.clear(shareId);
        setState({ kind: 'ended', message: err.message });
      } else if (isApiError(err) && err.code === ShareCode.VISIT_EXPIRED) {
        visitStore.clear(shareId);
        void start();
      } else if (shouldReport(err)) {
        toast.error(err instanceof Error ? err.message : String(err));
      }
    },
    [shareId, start],
  );

  useEffect(() => {
    void start();
  }, [start]);

  let body: ReactNode;
  if (state.kind === 'loading') body = <Spin size="large" className="share-page__spin" />;
  else if (state.kind === 'ended')
    body = (
      <div data-testid="share-ended">
        <Result className="share-page__ended" icon={<StopOutlined />} title={state.message} />
      </div>
    );
  else if (state.kind === 'code')
    body = (
      <CodeForm
        shareId={shareId}
        info={state.info}
        initial={search.get('pwd') ?? ''}
        onOpen={(token, name) => setState({ kind: 'open', info: state.info, token, name })}
        onEnded={(message) => setState({ kind: 'ended', message })}
      />
    );
  else
    body = (
      <SharedFiles shareId={shareId} token={state.token} name={state.name} info={state.info} onFail={fail} />
    );

  return (
    <div className="share-page">
      <header className="share-page__top">
        <a className="share-page__brand" href="/#/home/index">
          <CloudOutlined /> 手机云服务
        </a>
        <span className="share-page__what">{ShareText.PAGE_TITLE}</span>
      </header>
      <main className="share-page__main">{body}</main>
      <SiteFooter />
    </div>
  );
}

function CodeForm({
  shareId,
  info,
  initial,
  onOpen,
  onEnded,
}: {
  shareId: string;
  info: SharePublicInfo;
  initial: string;
  onOpen(token: string, name: string): void;
  onEnded(message: string): void;
}) {
  const [code, setCode] = useState(initial.slice(0, SHARE_CODE_LENGTH));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (code.trim() === '') {
      setError(ShareMsg.CODE_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      const visit = await sharePublic.open(shareId, code.trim());
      visitStore.set(shareId, { token: visit.share_token, name: visit.share_name });
      onOpen(visit.share_token, visit.share_name);
    } catch (err) {
      if (isApiError(err) && ENDED.has(err.code)) onEnded(err.message);
      else if (isApiError(err) && err.kind === 'business') setError(err.message);
      else if (shouldReport(err)) toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="share-code" onSubmit={(e) => void submit(e)}>
      <LockOutlined className="share-code__icon" />
      <h1 className="share-code__title">{ShareText.ENTER_CODE}</h1>
      <p className="share-code__sub">
        {ShareText.fileCount(info.file_count)} ·{' '}
        {info.expiration ? ShareText.expiresAt(day(info.expiration)) : ShareText.NEVER_EXPIRES}
      </p>
      <div className="share-code__row">
        <Input
          size="large"
          autoFocus
          aria-label={ShareText.CODE}
          placeholder={ShareText.CODE}
          maxLength={SHARE_CODE_LENGTH}
          value={code}
          status={error ? 'error' : undefined}
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
          }}
        />
        <Button size="large" type="primary" htmlType="submit" loading={busy}>
          {ShareText.OPEN}
        </Button>
      </div>
      <div className="share-code__error" role="alert">
        {error ?? ''}
      </div>
    </form>
  );
}
