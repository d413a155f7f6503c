import './share-page.css';
import { CloudOutlined, DownloadOutlined, EyeOutlined, LockOutlined, StopOutlined } from '@ant-design/icons';
import {
  formatSize,
  SHARE_CODE_LENGTH,
  ShareCode,
  ShareMsg,
  type SharePublicInfo,
  type SharePublicItem,
  ShareText,
} from '@phonecloud/shared';
import { Breadcrumb, Button, Checkbox, Empty, Input, Result, Spin } from 'antd';
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { isApiError, shouldReport } from '../../api';
import { SiteFooter } from '../../components/SiteFooter';
import { toast } from '../../components/toast';
import { sharePublic, startDownload, visitStore } from './public-api';
import { ShareIcon } from './ShareIcon';
import { SharePreview } from './SharePreview';

type State =
  | { kind: 'loading' }
  | { kind: 'ended'; message: string }
  | { kind: 'code'; info: SharePublicInfo }
  | { kind: 'open'; info: SharePublicInfo | null; token: string; name: string };

const ENDED = new Set<number>([ShareCode.NOT_FOUND, ShareCode.CANCELLED, ShareCode.EXPIRED]);
const pad = (n: number) => String(n).padStart(2, '0');
const day = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

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

function SharedFiles({
  shareId,
  token,
  name,
  info,
  onFail,
}: {
  shareId: string;
  token: string;
  name: string;
  info: SharePublicInfo | null;
  onFail(err: unknown): void;
}) {
  const [folder, setFolder] = useState<string | null>(null);
  const [items, setItems] = useState<SharePublicItem[]>([]);
  const [path, setPath] = useState<Array<{ file_id: string; name: string }>>([]);
  const [marker, setMarker] = useState('');
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [previewing, setPreviewing] = useState<SharePublicItem | null>(null);
  // The parent hands a new callback each render; the listing must not reload for that.
  const failRef = useRef(onFail);
  failRef.current = onFail;

  const load = useCallback(
    async (target: string | null, after: string) => {
      setLoading(true);
      try {
        const page = await sharePublic.list(shareId, token, target, after);
        setItems((prev) => (after ? [...prev, ...page.items] : page.items));
        setPath(page.path);
        setMarker(page.next_marker);
      } catch (err) {
        failRef.current(err);
      } finally {
        setLoading(false);
      }
    },
    [shareId, token],
  );

  useEffect(() => {
    setSelected(new Set());
    void load(folder, '');
  }, [folder, load]);

  const download = async (list: SharePublicItem[]) => {
    if (list.length === 0) return;
    try {
      const only = list.length === 1 ? list[0] : undefined;
      const { url } =
        only && only.type === 'file'
          ? await sharePublic.downloadUrl(shareId, token, only.file_id)
          : await sharePublic.zipUrl(
              shareId,
              token,
              list.map((i) => i.file_id),
            );
      startDownload(url);
    } catch (err) {
      onFail(err);
    }
  };

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const chosen = items.filter((i) => selected.has(i.file_id));
  const all = items.length > 0 && chosen.length === items.length;

  return (
    <section className="share-files" aria-label={ShareText.PAGE_TITLE}>
      <div className="share-files__head">
        <div className="share-files__title">
          <h1 title={name}>{name || ShareText.PAGE_TITLE}</h1>
          {info ? (
            <span className="share-files__expiry">
              {info.expiration ? ShareText.expiresAt(day(info.expiration)) : ShareText.NEVER_EXPIRES}
            </span>
          ) : null}
        </div>
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          disabled={chosen.length === 0}
          onClick={() => void download(chosen)}
        >
          {chosen.length > 0 ? ShareText.DOWNLOAD_SELECTED : ShareText.DOWNLOAD}
        </Button>
      </div>
      <Breadcrumb
        className="share-files__crumbs"
        items={[
          {
            title:
              folder === null ? (
                ShareText.ALL
              ) : (
                <button type="button" className="share-link-button" onClick={() => setFolder(null)}>
                  {ShareText.ALL}
                </button>
              ),
          },
          ...path.map((p, i) => ({
            title:
              i === path.length - 1 ? (
                p.name
              ) : (
                <button type="button" className="share-link-button" onClick={() => setFolder(p.file_id)}>
                  {p.name}
                </button>
              ),
          })),
        ]}
      />
      <div className="share-row share-row--head">
        <Checkbox
          aria-label="全选"
          checked={all}
          indeterminate={chosen.length > 0 && !all}
          disabled={items.length === 0}
          onChange={() => setSelected(all ? new Set() : new Set(items.map((i) => i.file_id)))}
        />
        <span className="share-row__name">
          {chosen.length > 0 ? ShareText.selected(chosen.length) : '文件名'}
        </span>
        <span className="share-row__size">大小</span>
        <span className="share-row__time">修改时间</span>
        <span className="share-row__act" />
      </div>
      <ul className="share-files__list">
        {items.map((item) => (
          <li key={item.file_id} className="share-row" data-name={item.name}>
            <Checkbox
              checked={selected.has(item.file_id)}
              onChange={() => toggle(item.file_id)}
              aria-label={`选择${item.name}`}
            />
            <span className="share-row__name">
              <ShareIcon name={item.name} folder={item.type === 'folder'} />
              {item.type === 'folder' ? (
                <button type="button" className="share-link-button" onClick={() => setFolder(item.file_id)}>
                  {item.name}
                </button>
              ) : (
                <button
                  type="button"
                  className="share-link-button share-row__text"
                  title={item.name}
                  onClick={() => setPreviewing(item)}
                >
                  {item.name}
                </button>
              )}
              <span className="share-row__meta">
                {item.type === 'file' ? `${formatSize(item.size)} · ` : ''}
                {day(item.updated_at)}
              </span>
            </span>
            <span className="share-row__size">{item.type === 'file' ? formatSize(item.size) : '-'}</span>
            <span className="share-row__time">{day(item.updated_at)}</span>
            <span className="share-row__act">
              {item.type === 'file' ? (
                <Button
                  type="text"
                  icon={<EyeOutlined />}
                  aria-label={`${ShareText.PREVIEW} ${item.name}`}
                  title={ShareText.PREVIEW}
                  onClick={() => setPreviewing(item)}
                />
              ) : null}
              <Button
                type="text"
                icon={<DownloadOutlined />}
                aria-label={`${ShareText.DOWNLOAD} ${item.name}`}
                title={ShareText.DOWNLOAD}
                onClick={() => void download([item])}
              />
            </span>
          </li>
        ))}
      </ul>
      {loading ? <Spin className="share-page__spin" /> : null}
      {!loading && items.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={folder === null ? ShareMsg.ALL_GONE : ShareText.EMPTY_FOLDER}
        />
      ) : null}
      {!loading && marker ? (
        <Button className="share-files__more" onClick={() => void load(folder, marker)}>
          加载更多
        </Button>
      ) : null}
      {previewing ? (
        <SharePreview
          shareId={shareId}
          token={token}
          item={previewing}
          onDownload={(item) => void download([item])}
          onFail={onFail}
          onClose={() => setPreviewing(null)}
        />
      ) : null}
    </section>
  );
}
