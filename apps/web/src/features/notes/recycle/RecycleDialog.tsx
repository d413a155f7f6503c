import { NOTE_RECYCLE_KEEP_DAYS, NoteMsg, noteRelativeTime } from '@phonecloud/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Empty, Modal, Spin } from 'antd';
import { useState } from 'react';
import { shouldReport } from '../../../api';
import { confirm } from '../../../components/confirm';
import { toast } from '../../../components/toast';
import { noteCalls } from '../api/note-calls';
import { NOTE_RECYCLE_KEY, recycleQuery, reloadList } from '../api/note-queries';
import { cardTitle, previewLines } from '../state/note-text';
import { T } from '../texts';

/**
 * The note recycle bin (spec 001 §2): select, restore, delete permanently, empty. Notes stay
 * NOTE_RECYCLE_KEEP_DAYS days, then the server purges them with their images and recordings.
 */
export function RecycleDialog({ onClose }: { onClose(): void }) {
  const qc = useQueryClient();
  const { data, isError, refetch } = useQuery(recycleQuery);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const ids = data?.note_ids ?? [];
  const chosen = ids.filter((id) => selected.has(id));

  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      toast.success(done);
      setSelected(new Set());
    } catch (e) {
      if (shouldReport(e)) toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
      await Promise.all([qc.invalidateQueries({ queryKey: NOTE_RECYCLE_KEY }), reloadList(qc)]);
    }
  };
  const needSelection = (then: () => void) => () => {
    if (chosen.length === 0) toast.error(NoteMsg.NONE_SELECTED);
    else then();
  };
  const ask = (title: string, onOk: () => Promise<void>) =>
    confirm({ title, okText: T.confirm, cancelText: T.cancel, okButtonProps: { danger: true }, onOk });

  return (
    <Modal open title={T.recycle} onCancel={onClose} footer={null} width={720} className="notes-recycle">
      <p className="notes-recycle__hint">
        {NoteMsg.RECYCLE_HINT.replace('30', String(NOTE_RECYCLE_KEEP_DAYS))}
      </p>
      <div className="notes-recycle__bar">
        <Checkbox
          checked={ids.length > 0 && chosen.length === ids.length}
          indeterminate={chosen.length > 0 && chosen.length < ids.length}
          disabled={ids.length === 0}
          onChange={(e) => setSelected(e.target.checked ? new Set(ids) : new Set())}
        >
          {T.selectAll}
        </Checkbox>
        <Button
          disabled={busy}
          onClick={needSelection(() => void run(() => noteCalls.recycleRecover(chosen), NoteMsg.RESTORED))}
        >
          {T.restore}
        </Button>
        <Button
          disabled={busy || ids.length === 0}
          onClick={() => void run(() => noteCalls.recycleRecoverAll(), NoteMsg.RESTORED)}
        >
          {T.restoreAll}
        </Button>
        <Button
          danger
          disabled={busy}
          onClick={needSelection(() =>
            ask(NoteMsg.RECYCLE_DELETE_CONFIRM, () =>
              run(() => noteCalls.recycleDelete(chosen), NoteMsg.DELETED),
            ),
          )}
        >
          {T.deleteForever}
        </Button>
        <Button
          danger
          disabled={busy || ids.length === 0}
          onClick={() =>
            ask(NoteMsg.RECYCLE_EMPTY_CONFIRM, () => run(() => noteCalls.recycleEmpty(), NoteMsg.DELETED))
          }
        >
          {T.emptyBin}
        </Button>
      </div>
      {!data ? (
        isError ? (
          <Empty description={NoteMsg.NET_SERVER}>
            <Button onClick={() => void refetch()}>{T.retry}</Button>
          </Empty>
        ) : (
          <Spin tip={NoteMsg.LOADING}>
            <div className="notes-loading notes-loading--small" />
          </Spin>
        )
      ) : (
        <RecycleList bin={data} selected={selected} onSelect={setSelected} />
      )}
    </Modal>
  );
}

type Bin = Awaited<ReturnType<typeof noteCalls.recycleList>>;

/** The deleted notes, each with its box, title, first line and when it was deleted. */
function RecycleList({
  bin,
  selected,
  onSelect,
}: {
  bin: Bin;
  selected: ReadonlySet<string>;
  onSelect(update: (prev: ReadonlySet<string>) => ReadonlySet<string>): void;
}) {
  if (bin.note_ids.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NoteMsg.EMPTY_BIN} />;
  const toggle = (id: string, on: boolean) =>
    onSelect((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <ul className="notes-recycle__list" aria-label={T.recycle}>
      {bin.note_ids.map((id) => {
        const note = bin.list[id];
        if (!note) return null;
        const title = cardTitle(note, T.untitled);
        const first = previewLines(note, 1)[0]?.text ?? '';
        return (
          <li key={id} className={`notes-recycle__row note-colour-${note.classify}`}>
            <Checkbox
              aria-label={title}
              checked={selected.has(id)}
              onChange={(e) => toggle(id, e.target.checked)}
            />
            <div className="notes-recycle__text">
              <div className="notes-recycle__title">{title}</div>
              {first && first !== title && <div className="notes-recycle__line">{first}</div>}
            </div>
            <time className="notes-recycle__time">{T.deletedAt(noteRelativeTime(note.delete_time))}</time>
          </li>
        );
      })}
    </ul>
  );
}
