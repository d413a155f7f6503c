import {
  DeleteOutlined,
  EditOutlined,
  FieldTimeOutlined,
  MergeCellsOutlined,
  PlusOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { ContactMsg, GROUP_MAX, GROUP_TRUNCATE_DETAIL } from '@phonecloud/shared';
import { Button, Modal, Tooltip } from 'antd';
import type { Book } from '../book/book';
import { truncate } from '../format/truncate';
import { useAreaState } from '../state/area-state';
import { T } from '../texts';

/**
 * The left column: all contacts with the count, the groups with theirs (names cut at 17) and the
 * add-group button, and the recycle bin / time machine / merge toolbar.
 */
export function LeftPanel({ book, loading }: { book: Book; loading: boolean }) {
  const { group, setGroup, openDialog } = useAreaState();
  const [modal, modalHolder] = Modal.useModal();

  const addGroup = () => {
    if (loading) return;
    if (book.groups.length >= GROUP_MAX) {
      // The spec's limit message with an OK button only.
      void modal.warning({ title: T.addGroup, content: ContactMsg.GROUP_LIMIT, okText: T.ok });
      return;
    }
    openDialog({ kind: 'groupCreate' });
  };

  return (
    <aside className="contacts-side">
      {modalHolder}
      <button
        type="button"
        className={`side-item side-item--all${group === null ? ' is-current' : ''}`}
        onClick={() => setGroup(null)}
      >
        <TeamOutlined />
        <span className="side-item__name">{T.allContacts}</span>
        <span className="side-item__count">{loading ? '' : book.total}</span>
      </button>
      <div className="side-groups__head">
        <span>{T.groups}</span>
        <Tooltip title={T.addGroup}>
          <Button
            type="text"
            size="small"
            icon={<PlusOutlined />}
            aria-label={T.addGroup}
            onClick={addGroup}
          />
        </Tooltip>
      </div>
      <ul className="side-groups" aria-label={T.groups}>
        {book.groups.map((name) => (
          <li key={name}>
            <div className={`side-item${group === name ? ' is-current' : ''}`}>
              <button type="button" className="side-item__main" onClick={() => setGroup(name)} title={name}>
                <span className="side-item__name">{truncate(name, GROUP_TRUNCATE_DETAIL)}</span>
                <span className="side-item__count">{book.groupMembers[name]?.length ?? 0}</span>
              </button>
              <button
                type="button"
                className="side-item__edit"
                aria-label={`${T.editGroup} ${name}`}
                onClick={() => openDialog({ kind: 'groupEdit', name })}
              >
                <EditOutlined />
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div className="side-tools">
        <button type="button" className="side-tool" onClick={() => openDialog({ kind: 'recycle' })}>
          <DeleteOutlined />
          <span>{T.recycleBin}</span>
        </button>
        <button type="button" className="side-tool" onClick={() => openDialog({ kind: 'timeMachine' })}>
          <FieldTimeOutlined />
          <span>{T.timeMachine}</span>
        </button>
        <button type="button" className="side-tool" onClick={() => openDialog({ kind: 'merge' })}>
          <MergeCellsOutlined />
          <span>{T.merge}</span>
        </button>
      </div>
    </aside>
  );
}
