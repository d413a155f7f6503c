import { CheckSquareOutlined, DeleteOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../components/toast';
import { callFailure } from '../api/call-failure';
import { contactCalls } from '../api/contact-calls';
import { type Book, idsOf } from '../book/book';
import { useBookSync } from '../book/use-book';
import { buildListModel } from '../list/list-items';
import { normalizeQuery } from '../search/haystack';
import { useAreaState } from '../state/area-state';
import { ContactRoute } from '../state/routes';
import { T } from '../texts';
import { JoinGroupsDialog } from './JoinGroupsDialog';

/**
 * /contact/selectmode: what to do with the checked contacts. Back to the index when nothing is
 * selected any more.
 */
export function SelectModePanel({ book }: { book: Book }) {
  const navigate = useNavigate();
  const sync = useBookSync();
  const { selected, setSelected, group, query } = useAreaState();
  const [modal, modalHolder] = Modal.useModal();
  const [joining, setJoining] = useState(false);

  // Contacts removed meanwhile (on the phone, or by this delete) leave the selection.
  const live = useMemo(() => [...selected].filter((id) => book.byId.has(id)), [selected, book]);
  useEffect(() => {
    if (live.length === 0) navigate(ContactRoute.index, { replace: true });
  }, [live.length, navigate]);

  const selectAll = () => {
    const q = normalizeQuery(query);
    setSelected(q ? buildListModel(book, group, q).ids : idsOf(book, group));
  };
  const cancel = () => setSelected([]);

  const remove = () =>
    void modal.confirm({
      title: T.delete,
      content: T.deleteConfirm(live.length),
      okText: T.delete,
      okButtonProps: { danger: true },
      cancelText: T.cancel,
      onOk: async () => {
        const versions: Record<string, number> = {};
        for (const id of live) {
          const c = book.byId.get(id);
          if (c) versions[id] = c.version_code;
        }
        try {
          await contactCalls.remove(book.syncVersion, versions);
          await sync();
          setSelected([]);
          toast.success(T.deleted);
          navigate(ContactRoute.root);
        } catch (e) {
          // As the detail's delete: the synced book drops contacts gone meanwhile from the
          // selection, and a second try sends current version_codes.
          const failed = callFailure(e);
          if (failed.text) toast.error(failed.text);
          if (failed.resync) await sync();
        }
      },
    });

  return (
    <div className="select-panel">
      {modalHolder}
      <CheckSquareOutlined className="select-panel__icon" />
      <p className="select-panel__count" role="status">
        {T.selected(live.length)}
      </p>
      <div className="select-panel__actions">
        <Button onClick={selectAll}>{T.selectAll}</Button>
        <Button icon={<TeamOutlined />} onClick={() => setJoining(true)}>
          {T.joinGroups}
        </Button>
        <Button danger icon={<DeleteOutlined />} onClick={remove}>
          {T.delete}
        </Button>
        <Button onClick={cancel}>{T.cancel}</Button>
      </div>
      {joining && (
        <JoinGroupsDialog
          book={book}
          ids={live}
          onClose={() => setJoining(false)}
          onJoined={() => {
            setJoining(false);
            setSelected([]);
          }}
        />
      )}
    </div>
  );
}
