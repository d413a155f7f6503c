import { CalendarMsg } from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Result, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useIsNarrow } from '../../../components/breakpoints';
import { AgendaView } from '../agenda/AgendaView';
import { prefetchRanges, useCalendarPolling, useCalendars, useRange } from '../api/calendar-queries';
import { type Day, todayDay, weekDays } from '../dates/days';
import { stepDay, viewRange } from '../dates/nav';
import { ImportDialog } from '../dialogs/ImportDialog';
import { type DialogTarget, EventDialog } from '../editor/EventDialog';
import { newForm } from '../editor/event-form';
import { useScopeAsk } from '../editor/use-scope-ask';
import { MonthView } from '../month/MonthView';
import { SearchResults } from '../search/SearchResults';
import { CalendarList } from '../side/CalendarList';
import { ExportButton } from '../side/ExportButton';
import { byDay } from '../state/by-day';
import type { Occurrence } from '../state/model';
import { CalendarRoute, type CalendarView, readRoute } from '../state/routes';
import { useWrites } from '../state/use-writes';
import { T } from '../texts';
import { TimeGrid } from '../time/TimeGrid';
import { DaySheet } from './DaySheet';
import { Toolbar } from './Toolbar';

/** The calendar's one screen: the toolbar, the calendars beside the view, and the dialogs. */
export function CalendarScreen() {
  const params = useParams();
  const narrow = useIsNarrow();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { view, day } = readRoute(params.view, params.day, narrow ? 'agenda' : 'month');
  const today = todayDay();
  const go = useCallback((v: CalendarView, d: Day) => navigate(CalendarRoute.view(v, d)), [navigate]);

  const range = viewRange(view, day);
  const rangeQuery = useRange(range.start, range.end);
  const { calendars, colorOf } = useCalendars();
  const [dialog, setDialog] = useState<DialogTarget | null>(null);
  const [sheet, setSheet] = useState<Day | null>(null);
  const [io, setIo] = useState<'import' | null>(null);
  const [sideOpen, setSideOpen] = useState(false);
  const [query, setQuery] = useState('');
  const dragging = useRef(false);
  const onDragging = useCallback((d: boolean) => {
    dragging.current = d;
  }, []);
  const [askScope, scopeNode] = useScopeAsk();
  const writes = useWrites(askScope);
  useCalendarPolling(rangeQuery.data?.sync_version, () => dragging.current || dialog !== null || io !== null);

  // The neighbours previous / next lead to are read ahead: a switch paints from the cache.
  const ready = rangeQuery.data !== undefined && !rangeQuery.isPlaceholderData;
  useEffect(() => {
    if (!ready || view === 'agenda') return;
    prefetchRanges(qc, [viewRange(view, stepDay(view, day, 1)), viewRange(view, stepDay(view, day, -1))]);
  }, [ready, qc, view, day]);

  const data = rangeQuery.data;
  const events = useMemo(
    () => (data ? byDay(data.occurrences, range.start, range.end) : new Map<Day, Occurrence[]>()),
    [data, range.start, range.end],
  );
  const marks = data?.marks ?? new Map();

  const openNew = (startDay: Day, startMin: number, endDay: Day, endMin: number, allDay: boolean) =>
    setDialog({ kind: 'new', form: newForm(startDay, startMin, endDay, endMin, allDay) });
  const open = (o: Occurrence) => setDialog({ kind: 'edit', o });

  const body = () => {
    if (query.trim()) return <SearchResults query={query} colorOf={colorOf} onOpen={open} />;
    if (view === 'agenda') {
      return (
        <AgendaView day={day} today={today} colorOf={colorOf} onOpen={open} onDay={(d) => go('day', d)} />
      );
    }
    if (!data) {
      return rangeQuery.isError ? (
        <Result
          status="warning"
          title={T.loadFailed}
          extra={<Button onClick={() => void rangeQuery.refetch()}>{T.retry}</Button>}
        />
      ) : (
        <div className="cal-waiting">
          <Spin />
        </div>
      );
    }
    if (view === 'month') {
      return (
        <MonthView
          day={day}
          today={today}
          events={events}
          marks={marks}
          colorOf={colorOf}
          chips={narrow ? 0 : 3}
          onDay={(d) => (narrow ? setSheet(d) : openNew(d, 9 * 60, d, 10 * 60, false))}
          onMore={(d) => setSheet(d)}
          onOpen={open}
          onMove={(o, delta) => void writes.move(o, delta, 0)}
        />
      );
    }
    const days = view === 'week' ? weekDays(day) : [day];
    return (
      <TimeGrid
        days={days}
        today={today}
        events={events}
        marks={marks}
        colorOf={colorOf}
        onCreate={(d, a, b) => openNew(d, a, d, b, false)}
        onCreateAllDay={(d) => openNew(d, 0, d, 0, true)}
        onOpen={open}
        onMove={(o, dd, dm) => void writes.move(o, dd, dm)}
        onResize={(o, d, end) => void writes.resize(o, d, end)}
        onDragging={onDragging}
      />
    );
  };

  const side = (
    <>
      <Button
        type="primary"
        block
        className="cal-side__new"
        onClick={() => openNew(day, 9 * 60, day, 10 * 60, false)}
      >
        {CalendarMsg.NEW_EVENT}
      </Button>
      <CalendarList calendars={calendars} />
      <div className="cal-side__tools">
        <Button block onClick={() => setIo('import')}>
          {T.import}
        </Button>
        <ExportButton />
      </div>
    </>
  );

  return (
    <div
      className={`cal cal--${view}${narrow ? ' cal--narrow' : ''}`}
      aria-busy={!data && !rangeQuery.isError}
    >
      <Toolbar
        view={view}
        day={day}
        today={today}
        narrow={narrow}
        query={query}
        onQuery={setQuery}
        onGo={go}
        onNew={() => openNew(day, 9 * 60, day, 10 * 60, false)}
        onSide={() => setSideOpen(true)}
      />
      {data?.truncated && <Alert type="warning" showIcon title={T.truncated} />}
      <div className="cal-main">
        {!narrow && <aside className="cal-side">{side}</aside>}
        <main className="cal-body" aria-label={CalendarMsg.TITLE}>
          {body()}
        </main>
      </div>
      {narrow && (
        <Modal
          open={sideOpen}
          onCancel={() => setSideOpen(false)}
          footer={null}
          title={T.openCalendars}
          className="cal-side-drawer"
        >
          <div className="cal-side cal-side--sheet">{side}</div>
        </Modal>
      )}
      {sheet && (
        <DaySheet
          day={sheet}
          full={narrow}
          events={events.get(sheet) ?? []}
          mark={marks.get(sheet)}
          colorOf={colorOf}
          onClose={() => setSheet(null)}
          onOpen={open}
          onNew={() => openNew(sheet, 9 * 60, sheet, 10 * 60, false)}
        />
      )}
      {dialog && <EventDialog target={dialog} writes={writes} onClose={() => setDialog(null)} />}
      {io === 'import' && <ImportDialog onClose={() => setIo(null)} />}
      {scopeNode}
    </div>
  );
}
