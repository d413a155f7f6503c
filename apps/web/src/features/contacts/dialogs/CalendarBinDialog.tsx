import {
  CALENDAR_DEFAULT_TZID,
  type CalendarBinItem,
  CalendarMsg,
  calendarRecovered,
} from '@phonecloud/shared';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Empty, Modal, Spin } from 'antd';
import { useState } from 'react';
import { shouldReport } from '../../../api';
import { calendarBin } from '../../../api/calendar-export';
import { toast } from '../../../components/toast';
import { useSelection } from '../../../components/use-selection';
import { T } from '../texts';
import { localDay } from './bin-days';
import { LoadFailed } from './LoadFailed';
import { loadState } from './load-state';

const timeOf = (ms: number) =>
  new Date(ms).toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit', hour12: false });
/** When the event starts, as a reader of its calendar sees it. */
function startOf(e: CalendarBinItem): string {
  const day = e.start.slice(0, 10);
  if (e.all_day) return `${day} ${CalendarMsg.ALL_DAY}`;
  if (e.start.endsWith('Z')) {
    const d = new Date(e.start);
    return `${localDay(d.getTime())} ${timeOf(d.getTime())}`;
  }
  // A wall clock in its zone (or floating): shown as written, with a zone other than China's.
  const zone = e.tzid && e.tzid !== CALENDAR_DEFAULT_TZID ? ` (${e.tzid})` : '';
  return `${day} ${e.start.slice(11, 16)}${zone}`;
}

/** The bin's events by deletion day in the browser's zone, newest first (the server's order). */
function byDay(list: readonly CalendarBinItem[]): Array<[string, CalendarBinItem[]]> {
  const days = new Map<string, CalendarBinItem[]>();
  for (const e of list) {
    const day = localDay(e.delete_time);
    days.set(day, [...(days.get(day) ?? []), e]);
  }
  return [...days.entries()];
}

/**
 * The calendar's recycle bin (the calendar has no screen of its own yet; its card sits in this
 * dialog's host): what phones and CalDAV clients deleted, by deletion day, to recover or delete
 * for good. A recovered event reaches the phones and clients at their next sync.
 */
export function CalendarBinDialog({ onClose }: { onClose(): void }) {
  const [modal, modalHolder] = Modal.useModal();
  const bin = useQuery({ queryKey: ['calendar', 'bin'], queryFn: () => calendarBin.list(), staleTime: 0 });
  const { selected, select, clear } = useSelection();
  const [busy, setBusy] = useState(false);
  const list = bin.data?.list ?? [];
  const all = list.map((e) => e.uid);

  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    try {
      const done = await action();
      clear();
      await bin.refetch();
      toast.success(done);
    } catch (e) {
      if (shouldReport(e)) toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const recover = (uids: readonly string[]) =>
    run(async () => {
      const r = await calendarBin.recover(uids);
      return calendarRecovered(r.recovered, r.kept.length);
    });
  const confirm = (content: string, action: () => Promise<unknown>) =>
    void modal.confirm({
      title: CalendarMsg.BIN_DELETE,
      content,
      okText: CalendarMsg.BIN_DELETE,
      okButtonProps: { danger: true },
      cancelText: T.cancel,
      onOk: () =>
        run(async () => {
          await action();
          return T.deletedForever;
        }),
    });

  return (
    <Modal
      open
      title={CalendarMsg.BIN_TITLE}
      onCancel={onClose}
      footer={null}
      width={680}
      className="recycle-dialog"
    >
      {modalHolder}
      <p className="dialog-intro">{CalendarMsg.BIN_HINT}</p>
      <div className="dialog-toolbar">
        <Checkbox
          checked={all.length > 0 && selected.size === all.length}
          indeterminate={selected.size > 0 && selected.size < all.length}
          disabled={all.length === 0}
          onChange={(e) => select(all, e.target.checked)}
        >
          {T.selectAll}
        </Checkbox>
        <span className="dialog-toolbar__spacer" />
        <BinActions
          selected={selected}
          any={all.length > 0}
          busy={busy}
          onRecover={() => void recover([...selected])}
          onDelete={() => confirm(CalendarMsg.BIN_CONFIRM_DELETE, () => calendarBin.remove([...selected]))}
          onEmpty={() => confirm(CalendarMsg.BIN_CONFIRM_EMPTY, () => calendarBin.empty())}
        />
      </div>
      <div className="recycle-list">
        <BinList
          bin={bin}
          selected={selected}
          busy={busy}
          onSelect={select}
          onRecover={(uid) => void recover([uid])}
        />
      </div>
    </Modal>
  );
}

/** The bin's events by deletion day, or why there are none to show. */
function BinList(props: {
  bin: UseQueryResult<{ list: CalendarBinItem[] }>;
  selected: ReadonlySet<string>;
  busy: boolean;
  onSelect(uids: readonly string[], on: boolean): void;
  onRecover(uid: string): void;
}) {
  const { bin, selected, busy, onSelect, onRecover } = props;
  const list = bin.data?.list ?? [];
  const state = loadState(bin);
  if (state === 'loading') return <Spin className="dialog-spin" />;
  if (state === 'failed') return <LoadFailed retrying={bin.isFetching} onRetry={() => void bin.refetch()} />;
  if (list.length === 0) return <Empty description={CalendarMsg.BIN_EMPTY} />;
  return byDay(list).map(([day, events]) => (
    <BinDay
      key={day}
      day={day}
      events={events}
      selected={selected}
      busy={busy}
      onSelect={onSelect}
      onRecover={onRecover}
    />
  ));
}

/** Recover or delete the selected events, or empty the whole bin. */
function BinActions(props: {
  selected: ReadonlySet<string>;
  any: boolean;
  busy: boolean;
  onRecover(): void;
  onDelete(): void;
  onEmpty(): void;
}) {
  const none = props.selected.size === 0 || props.busy;
  return (
    <>
      <Button size="small" disabled={none} onClick={props.onRecover}>
        {CalendarMsg.BIN_RECOVER}
      </Button>
      <Button size="small" danger disabled={none} onClick={props.onDelete}>
        {CalendarMsg.BIN_DELETE}
      </Button>
      <Button size="small" danger disabled={!props.any || props.busy} onClick={props.onEmpty}>
        {CalendarMsg.BIN_EMPTY_ALL}
      </Button>
    </>
  );
}

function BinDay({
  day,
  events,
  selected,
  busy,
  onSelect,
  onRecover,
}: {
  day: string;
  events: readonly CalendarBinItem[];
  selected: ReadonlySet<string>;
  busy: boolean;
  onSelect(uids: readonly string[], on: boolean): void;
  onRecover(uid: string): void;
}) {
  const uids = events.map((e) => e.uid);
  const dayChecked = uids.every((uid) => selected.has(uid));
  return (
    <section className="recycle-day" aria-label={day}>
      <div className="recycle-day__head">
        <Checkbox
          checked={dayChecked}
          indeterminate={!dayChecked && uids.some((uid) => selected.has(uid))}
          onChange={(e) => onSelect(uids, e.target.checked)}
        >
          {day}
        </Checkbox>
        <span className="recycle-day__count">{events.length} 个</span>
      </div>
      {events.map((e) => (
        <div className="bin-item" key={e.uid}>
          <Checkbox
            checked={selected.has(e.uid)}
            onChange={(ev) => onSelect([e.uid], ev.target.checked)}
            aria-label={`选择 ${e.summary}`}
          />
          <span className="bin-item__name" title={e.summary}>
            {e.summary || '（无标题）'}
          </span>
          <span className="bin-item__phone">{startOf(e)}</span>
          <span className="bin-item__time">删除于 {timeOf(e.delete_time)}</span>
          <Button size="small" type="link" disabled={busy} onClick={() => onRecover(e.uid)}>
            {CalendarMsg.BIN_RECOVER}
          </Button>
        </div>
      ))}
    </section>
  );
}
