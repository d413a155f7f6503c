import { CONTACT_TRUNCATE, type RecycledContact } from '@phonecloud/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Empty, Modal, Spin } from 'antd';
import { useState } from 'react';
import { shouldReport } from '../../../api';
import { ContactAvatar } from '../../../components/ContactAvatar';
import { toast } from '../../../components/toast';
import { useSelection } from '../../../components/use-selection';
import { contactCalls } from '../api/contact-calls';
import type { Book } from '../book/book';
import { useBookSync } from '../book/use-book';
import { avatarUrl, displayName, primaryPhone } from '../format/contact-view';
import { truncate } from '../format/truncate';
import { T } from '../texts';
import { binDays } from './bin-days';
import { LoadFailed } from './LoadFailed';
import { loadState } from './load-state';

// A day of the bin shows this many at first: a bin of thousands would otherwise stall the dialog.
const DAY_PAGE = 300;

const timeOf = (ms: number) =>
  new Date(ms).toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit', hour12: false });

/**
 * The recycle bin: deleted contacts by deletion day, with day and item selection, select all,
 * restore selected / all, delete selected for good, empty, and restore per item.
 */
export function RecycleBinDialog({ book, onClose }: { book: Book; onClose(): void }) {
  const bin = useQuery({
    queryKey: ['contacts', 'recycle'],
    queryFn: () => contactCalls.recycleList(),
    staleTime: 0,
  });
  const [shown, setShown] = useState<Readonly<Record<string, number>>>({});

  const items = bin.data?.list ?? {};
  // Day headings in the browser's zone, as the times beside them.
  const days = binDays(bin.data?.letter_index ?? {}, (id) => items[id]?.delete_time);
  const all = days.flatMap(([, ids]) => ids);
  const { modalHolder, selected, busy, select, restore, restoreAll, purge, empty } = useBinActions(
    bin,
    book,
    all,
  );

  const state = loadState(bin);
  return (
    <Modal open title={T.recycleBin} onCancel={onClose} footer={null} width={680} className="recycle-dialog">
      {modalHolder}
      <BinToolbar
        all={all}
        selected={selected}
        busy={busy}
        onSelect={select}
        onRestore={() => void restore([...selected])}
        onPurge={purge}
        onRestoreAll={() => void restoreAll()}
        onEmpty={empty}
      />
      <div className="recycle-list">
        {state === 'loading' ? (
          <Spin className="dialog-spin" />
        ) : state === 'failed' ? (
          <LoadFailed retrying={bin.isFetching} onRetry={() => void bin.refetch()} />
        ) : days.length === 0 ? (
          <Empty description={T.recycleEmpty} />
        ) : (
          days.map(([day, ids]) => (
            <BinDay
              key={day}
              day={day}
              ids={ids}
              items={items}
              selected={selected}
              limit={shown[day] ?? DAY_PAGE}
              busy={busy}
              onSelect={select}
              onRestore={(id) => void restore([id])}
              onMore={(limit) => setShown({ ...shown, [day]: limit + DAY_PAGE })}
            />
          ))
        )}
      </div>
    </Modal>
  );
}

/** The selection and what is done with it: restore, delete for good, restore all, empty. */
function useBinActions(
  bin: { data?: { sync_version: number }; refetch(): Promise<unknown> },
  book: Book,
  all: readonly string[],
) {
  const sync = useBookSync();
  const [modal, modalHolder] = Modal.useModal();
  const { selected, select, clear } = useSelection();
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      clear();
      await Promise.all([bin.refetch(), sync()]);
      toast.success(done);
    } catch (e) {
      if (shouldReport(e)) toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const version = bin.data?.sync_version ?? book.syncVersion;
  const restore = (ids: readonly string[]) =>
    run(() => contactCalls.recycleRecover(version, ids), T.restored(ids.length));
  const restoreAll = () => run(() => contactCalls.recycleRecoverAll(version), T.restored(all.length));
  const confirm = (content: string, onOk: () => Promise<void>) =>
    void modal.confirm({
      title: T.deleteForever,
      content,
      okText: T.deleteForever,
      okButtonProps: { danger: true },
      cancelText: T.cancel,
      onOk,
    });
  const purge = () =>
    confirm(T.deleteForeverConfirm(selected.size), () =>
      run(() => contactCalls.recycleDelete(version, [...selected]), T.deletedForever),
    );
  const empty = () =>
    confirm(T.emptyBinConfirm, () => run(() => contactCalls.recycleEmpty(version), T.deletedForever));
  return { modalHolder, selected, busy, select, restore, restoreAll, purge, empty };
}

/** Select all, then what to do with the selection or with the whole bin. */
function BinToolbar(props: {
  all: readonly string[];
  selected: ReadonlySet<string>;
  busy: boolean;
  onSelect(ids: readonly string[], on: boolean): void;
  onRestore(): void;
  onPurge(): void;
  onRestoreAll(): void;
  onEmpty(): void;
}) {
  const { all, selected, busy, onSelect } = props;
  const allChecked = all.length > 0 && all.every((id) => selected.has(id));
  return (
    <div className="dialog-toolbar">
      <Checkbox
        checked={allChecked}
        indeterminate={selected.size > 0 && !allChecked}
        disabled={all.length === 0}
        onChange={(e) => onSelect(all, e.target.checked)}
      >
        {T.selectAll}
      </Checkbox>
      <span className="dialog-toolbar__spacer" />
      <Button size="small" disabled={selected.size === 0 || busy} onClick={props.onRestore}>
        {T.restoreSelected}
      </Button>
      <Button size="small" danger disabled={selected.size === 0 || busy} onClick={props.onPurge}>
        {T.deleteForever}
      </Button>
      <Button size="small" disabled={all.length === 0 || busy} onClick={props.onRestoreAll}>
        {T.restoreAll}
      </Button>
      <Button size="small" danger disabled={all.length === 0 || busy} onClick={props.onEmpty}>
        {T.emptyBin}
      </Button>
    </div>
  );
}

/** One deletion day: its box (all of the day's contacts), the first `limit` of them and a "more" link. */
function BinDay(props: {
  day: string;
  ids: readonly string[];
  items: Readonly<Record<string, RecycledContact>>;
  selected: ReadonlySet<string>;
  limit: number;
  busy: boolean;
  onSelect(ids: readonly string[], on: boolean): void;
  onRestore(id: string): void;
  onMore(limit: number): void;
}) {
  const { day, ids, items, selected, limit, busy, onSelect, onRestore, onMore } = props;
  const dayChecked = ids.every((id) => selected.has(id));
  return (
    <section className="recycle-day" aria-label={day}>
      <div className="recycle-day__head">
        <Checkbox
          checked={dayChecked}
          indeterminate={!dayChecked && ids.some((id) => selected.has(id))}
          onChange={(e) => onSelect(ids, e.target.checked)}
        >
          {day}
        </Checkbox>
        <span className="recycle-day__count">{ids.length} 个</span>
      </div>
      {ids.slice(0, limit).map((id) => {
        const c = items[id];
        return c ? (
          <BinItem
            key={id}
            contact={c}
            checked={selected.has(id)}
            onCheck={(on) => onSelect([id], on)}
            onRestore={() => onRestore(id)}
            busy={busy}
          />
        ) : null;
      })}
      {ids.length > limit && (
        <Button type="link" size="small" onClick={() => onMore(limit)}>
          还有 {ids.length - limit} 个，显示更多
        </Button>
      )}
    </section>
  );
}

function BinItem({
  contact,
  checked,
  onCheck,
  onRestore,
  busy,
}: {
  contact: RecycledContact;
  checked: boolean;
  onCheck(on: boolean): void;
  onRestore(): void;
  busy: boolean;
}) {
  const name = displayName(contact);
  return (
    <div className="bin-item">
      <Checkbox checked={checked} onChange={(e) => onCheck(e.target.checked)} aria-label={`选择 ${name}`} />
      <ContactAvatar name={name} url={avatarUrl(contact)} size={32} />
      <span className="bin-item__name" title={name}>
        {truncate(name, CONTACT_TRUNCATE.name)}
      </span>
      <span className="bin-item__phone">{truncate(primaryPhone(contact), CONTACT_TRUNCATE.phone)}</span>
      <span className="bin-item__time">删除于 {timeOf(contact.delete_time)}</span>
      <Button size="small" type="link" disabled={busy} onClick={onRestore}>
        {T.restore}
      </Button>
    </div>
  );
}
