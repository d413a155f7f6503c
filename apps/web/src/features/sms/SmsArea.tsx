import './sms.css';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { SMS_POLL_DELAY_MS, SMS_POLL_EVERY_MS, SmsMsg } from '@phonecloud/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { isApiError } from '../../api';
import { SyncHeldBanner } from '../../components/SyncHeldBanner';
import { toast } from '../../components/toast';
import { usePolling } from '../../components/use-polling';
import { listQuery, syncSms } from './api/sms-queries';
import { DetailPlaceholder } from './detail/DetailPlaceholder';
import { SmsDetailPane } from './detail/SmsDetailPane';
import { ExportDialog } from './dialogs/ExportDialog';
import { ListPanel } from './list/ListPanel';
import { AreaStateProvider, useAreaState } from './state/area-state';
import { fullTarget, SmsRoute, searchOfPath, searchText } from './state/routes';
import { useSmsHeldSyncs } from './sync/use-held-syncs';
import { T } from './texts';

/**
 * The text-messages area (spec 001 §2): /sms/index, search&{query}, full/{id}, anything else
 * back to the index. One layout stays mounted across them, so the list keeps its scroll, tab and
 * search results while the right-hand pane changes.
 */
export default function SmsArea() {
  return (
    <AreaStateProvider>
      <Routes>
        <Route element={<SmsScreen />}>
          <Route index element={<Navigate to={SmsRoute.index} replace />} />
          <Route path="index" element={<DetailPlaceholder />} />
          <Route path="full/:id" element={<SmsDetailPane />} />
          <Route path="*" element={<SearchOrIndex />} />
        </Route>
      </Routes>
    </AreaStateProvider>
  );
}

const AREA_PREFIX = '/sms/';

/** `/sms/search&{query}` shows the results on the left; any other address goes to the index. */
function SearchOrIndex() {
  const { pathname } = useLocation();
  const { setSearch, setInput } = useAreaState();
  const raw = searchOfPath(pathname.slice(AREA_PREFIX.length));
  const query = raw === null ? '' : searchText(raw);
  useEffect(() => {
    if (raw === null || !query) return;
    setSearch(query);
    setInput(raw);
  }, [raw, query, setSearch, setInput]);
  if (!query) return <Navigate to={SmsRoute.index} replace />;
  return <DetailPlaceholder />;
}

/** The conversation (and message) the address opens, for the list to mark. */
function useActive(): { address: string | null; id: string | null } {
  const { pathname } = useLocation();
  const rest = pathname.startsWith(`${AREA_PREFIX}full/`)
    ? pathname.slice(`${AREA_PREFIX}full/`.length)
    : null;
  if (rest === null) return { address: null, id: null };
  const { address, anchor } = fullTarget(rest);
  return { address, id: anchor };
}

function SmsScreen() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { data, isError, error, refetch } = useQuery(listQuery);
  const { tab, exportOpen, setExportOpen } = useAreaState();
  const active = useActive();

  // Spec 001 §4: refresh.do every 8 s after 5 s; the list reloads when it answers with data. A
  // failed poll says so once ('刷新短信失败，请重试!'), not every 8 s while the network is down.
  const failing = useRef(false);
  const poll = useCallback(async () => {
    try {
      await syncSms(qc, tab);
      failing.current = false;
    } catch (e) {
      if (!failing.current && !(isApiError(e) && e.kind === 'redirected')) toast.error(SmsMsg.NET_REFRESH);
      failing.current = true;
    }
  }, [qc, tab]);
  usePolling(poll, SMS_POLL_DELAY_MS, SMS_POLL_EVERY_MS);
  const held = useSmsHeldSyncs();

  // Until list.do has answered the area is not shown (spec §6): a 2002 or 6001 leaves for the
  // login or check screen without it ever having shown.
  const hidden = data === undefined && !isError;
  const paneOpen = active.address !== null;
  const className = ['sms', hidden && 'sms--signing-in', paneOpen ? 'sms--pane-open' : 'sms--list-open']
    .filter(Boolean)
    .join(' ');

  return (
    <>
      {!hidden && <SyncHeldBanner area="sms" state={held} />}
      <div className={className} aria-busy={hidden}>
        {paneOpen && (
          <div className="sms-narrow-bar">
            <button type="button" className="sms-narrow-bar__button" onClick={() => navigate(SmsRoute.index)}>
              <ArrowLeftOutlined /> {T.backToList}
            </button>
          </div>
        )}
        {hidden && (
          <div className="sms-signing-in">
            <Spin />
          </div>
        )}
        {isError && data === undefined ? (
          <section className="sms-list-panel sms-list-panel--failed">
            <Result
              status="warning"
              title={error.message || SmsMsg.NET_LIST}
              extra={<Button onClick={() => void refetch()}>{T.retry}</Button>}
            />
          </section>
        ) : (
          <ListPanel box={data} activeAddress={active.address} activeId={active.id} />
        )}
        <section className="sms-pane">
          <Outlet />
        </section>
        {exportOpen && <ExportDialog onClose={() => setExportOpen(false)} />}
      </div>
    </>
  );
}
