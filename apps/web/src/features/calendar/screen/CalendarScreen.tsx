import { type CalendarInfo, CalendarMsg } from '@phonecloud/shared';
import { Alert, Button, Modal } from 'antd';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useIsNarrow } from '../../../components/breakpoints';
import { useCalendarPolling, useCalendars } from '../api/calendar-queries';
import { type Day, todayDay } from '../dates/days';
import { ImportDialog } from '../dialogs/ImportDialog';
import { type DialogTarget, EventDialog } from '../editor/EventDialog';
import { newForm } from '../editor/event-form';
import { useScopeAsk } from '../editor/use-scope-ask';
import { CalendarList } from '../side/CalendarList';
import { ExportButton } from '../side/ExportButton';
import type { Occurrence } from '../state/model';
import { CalendarRoute, type CalendarView, readRoute } from '../state/routes';
import { useWrites } from '../state/use-writes';
import { T } from '../texts';
import { DaySheet } from './DaySheet';
import { Toolbar } from './Toolbar';
import { useViewData } from './use-view-data';
import { type ViewActions, ViewBody } from './ViewBody';

/** The calendar's one screen: the toolbar, the calendars beside the view, and the dialogs. */
export function CalendarScreen() {
  const params = useParams();
  const narrow = useIsNarrow();
  const navigate = useNavigate();
  const { view, day } = readRoute(params.view, params.day, narrow ? 'agenda' : 'month');
  const today = todayDay();
  const go = useCallback((v: CalendarView, d: Day) => navigate(CalendarRoute.view(v, d)), [navigate]);

  const shown = useViewData(view, day);
  const { data } = shown;
  const { calendars, colorOf } = useCalendars();
  const ui = useScreenUi(data);
  const { setSheet, setIo, setSideOpen, query, setQuery, writes, onDragging, openNew, open } = ui;
  const act: ViewActions = { openNew, open, openSheet: setSheet, go, onDragging, writes };

  const side = (
    <SidePanel
      calendars={calendars}
      onNew={() => openNew(day, 9 * 60, day, 10 * 60, false)}
      onImport={() => setIo('import')}
    />
  );

  return (
    <div
      className={`cal cal--${view}${narrow ? ' cal--narrow' : ''}`}
      aria-busy={!data && !shown.query.isError}
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
          <ViewBody
            view={view}
            day={day}
            today={today}
            narrow={narrow}
            query={query}
            colorOf={colorOf}
            data={shown}
            act={act}
          />
        </main>
      </div>
      <ScreenOverlays ui={ui} narrow={narrow} side={side} shown={shown} colorOf={colorOf} />
    </div>
  );
}

interface SideProps {
  calendars: CalendarInfo[];
  onNew(): void;
  onImport(): void;
}

/** Beside the view (behind ☰ on a phone): 新建日程, the calendars, import and export. */
function SidePanel({ calendars, onNew, onImport }: SideProps) {
  return (
    <>
      <Button type="primary" block className="cal-side__new" onClick={onNew}>
        {CalendarMsg.NEW_EVENT}
      </Button>
      <CalendarList calendars={calendars} />
      <div className="cal-side__tools">
        <Button block onClick={onImport}>
          {T.import}
        </Button>
        <ExportButton />
      </div>
    </>
  );
}

/** The screen's open dialogs and sheets, the search typed, the writes and the polling. */
function useScreenUi(versions: { sync_version: number; contacts_version: number } | undefined) {
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
  useCalendarPolling(versions, () => dragging.current || dialog !== null || io !== null);

  const openNew = (startDay: Day, startMin: number, endDay: Day, endMin: number, allDay: boolean) =>
    setDialog({ kind: 'new', form: newForm(startDay, startMin, endDay, endMin, allDay) });
  const open = (o: Occurrence) => setDialog({ kind: 'edit', o });

  return {
    dialog,
    setDialog,
    sheet,
    setSheet,
    io,
    setIo,
    sideOpen,
    setSideOpen,
    query,
    setQuery,
    writes,
    scopeNode,
    onDragging,
    openNew,
    open,
  };
}

interface OverlayProps {
  ui: ReturnType<typeof useScreenUi>;
  narrow: boolean;
  side: ReactNode;
  shown: ReturnType<typeof useViewData>;
  colorOf(calendarId: string): string;
}

/** The calendars sheet (a phone's), a day's sheet, the event dialog, the import and the series question. */
function ScreenOverlays({ ui, narrow, side, shown, colorOf }: OverlayProps) {
  const {
    dialog,
    setDialog,
    sheet,
    setSheet,
    io,
    setIo,
    sideOpen,
    setSideOpen,
    writes,
    scopeNode,
    openNew,
    open,
  } = ui;
  return (
    <>
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
          events={shown.events.get(sheet) ?? []}
          mark={shown.marks.get(sheet)}
          colorOf={colorOf}
          onClose={() => setSheet(null)}
          onOpen={open}
          onNew={() => openNew(sheet, 9 * 60, sheet, 10 * 60, false)}
        />
      )}
      {dialog && <EventDialog target={dialog} writes={writes} onClose={() => setDialog(null)} />}
      {io === 'import' && <ImportDialog onClose={() => setIo(null)} />}
      {scopeNode}
    </>
  );
}
