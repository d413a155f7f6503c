import { CheckCircleFilled } from '@ant-design/icons';
import { ContactMsg, GROUP_TRUNCATE_DETAIL, JOIN_GROUP_CONFIRM_MS } from '@phonecloud/shared';
import { Button, Checkbox, Modal } from 'antd';
import { useState } from 'react';
import { useSkinButtonClass } from '../../../components/skin-context';
import { callFailure } from '../api/call-failure';
import { contactCalls } from '../api/contact-calls';
import type { Book } from '../book/book';
import { useBookSync } from '../book/use-book';
import { truncate } from '../format/truncate';
import { useAreaState } from '../state/area-state';
import { T } from '../texts';

/** Adds the selected contacts to groups; the confirmation stays 1 s (spec 001 §9), then closes. */
export function JoinGroupsDialog({
  book,
  ids,
  onClose,
  onJoined,
}: {
  book: Book;
  ids: readonly string[];
  onClose(): void;
  onJoined(): void;
}) {
  const sync = useBookSync();
  const skin = useSkinButtonClass();
  const { openDialog } = useAreaState();
  const [names, setNames] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [joined, setJoined] = useState(false);

  const join = async () => {
    if (names.length === 0) {
      setError(T.chooseGroups);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await contactCalls.groupJoin(book.syncVersion, names, ids);
      await sync();
      setJoined(true);
      window.setTimeout(onJoined, JOIN_GROUP_CONFIRM_MS);
    } catch (e) {
      // A group or a contact gone meanwhile: the synced book shows what is left to choose.
      const failed = callFailure(e);
      if (failed.text) setError(failed.text);
      if (failed.resync) await sync();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={T.joinGroups}
      onCancel={onClose}
      width={440}
      footer={
        joined ? null : (
          <div className="dialog-foot">
            <Button onClick={onClose}>{T.cancel}</Button>
            <Button type="primary" className={skin} loading={busy} onClick={() => void join()}>
              {T.ok}
            </Button>
          </div>
        )
      }
    >
      {joined ? (
        <div className="join-done" role="status">
          <CheckCircleFilled /> {T.joined}
        </div>
      ) : book.groups.length === 0 ? (
        <div className="editor-no-group">
          <span>{ContactMsg.CREATE_GROUP_FIRST}</span>
          <Button type="link" size="small" onClick={() => openDialog({ kind: 'groupCreate' })}>
            {T.addGroup}
          </Button>
        </div>
      ) : (
        <>
          <Checkbox.Group
            className="join-groups"
            value={names}
            onChange={(v) => {
              setNames(v as string[]);
              setError(null);
            }}
            options={book.groups.map((g) => ({
              value: g,
              label: <span title={g}>{truncate(g, GROUP_TRUNCATE_DETAIL)}</span>,
            }))}
          />
          <div className="field-error" role={error ? 'alert' : undefined}>
            {error}
          </div>
        </>
      )}
    </Modal>
  );
}
