import { DeleteOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Modal, Table } from 'antd';
import { useState } from 'react';
import { toast } from '../../components/toast';
import { confirmAction } from './dialogs/confirm';
import { FileIcon } from './listing/FileIcon';
import { driveKeys } from './listing/use-folder-listing';
import { reportError } from './report';
import { deleteLimitError, emptyLimitError, restoreLimitError } from './rules';
import { DriveText } from './texts';
import { formatTime } from './time';
import type { DriveBackend, RecycleEntry } from './types';

/**
 * The recycle bin overlay (spec 000 §2, §4): list, restore to the former folder, permanent delete,
 * empty; every action confirmed, the irreversible ones with the cannot-be-undone warning.
 */
export function RecycleBin({ backend, onClose }: { backend: DriveBackend; onClose(): void }) {
  const queryClient = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const bin = useQuery({
    queryKey: driveKeys.recycle(backend),
    queryFn: async () => {
      await backend.prepare();
      return backend.recycleList();
    },
    staleTime: 0,
  });
  const items = bin.data ?? [];

  const run = async (work: () => Promise<void>, done: string) => {
    setBusy(true);
    try {
      await work();
      toast.success(done);
    } catch (err) {
      reportError(err);
    } finally {
      setSelected([]);
      setBusy(false);
      // Restored items are back in their folders, purged ones free space: everything may have changed.
      await queryClient.invalidateQueries({ queryKey: driveKeys.all(backend) });
    }
  };

  const restore = async () => {
    const limit = restoreLimitError(selected.length);
    if (limit) return toast.error(limit);
    if (
      await confirmAction(modal, {
        title: DriveText.RESTORE_TITLE,
        text: DriveText.restoreConfirm(selected.length),
      })
    )
      await run(() => backend.restore(selected), DriveText.RESTORED);
  };
  const purge = async () => {
    const limit = deleteLimitError(selected.length);
    if (limit) return toast.error(limit);
    if (
      await confirmAction(modal, {
        title: DriveText.PURGE,
        text: DriveText.purgeConfirm(selected.length),
        cannotUndo: true,
        danger: true,
      })
    )
      await run(() => backend.purge(selected), DriveText.PURGED);
  };
  const empty = async () => {
    const limit = emptyLimitError(items.length);
    if (limit) return toast.error(limit);
    if (
      await confirmAction(modal, {
        title: DriveText.EMPTY,
        text: DriveText.EMPTY_CONFIRM,
        cannotUndo: true,
        danger: true,
      })
    )
      await run(() => backend.emptyRecycle(), DriveText.PURGED);
  };

  return (
    <Modal
      open
      title={DriveText.RECYCLE_BIN}
      width={880}
      footer={null}
      onCancel={onClose}
      className="drive-dialog recycle-bin"
    >
      {holder}
      <div className="recycle-bin__bar">
        <Button
          icon={<RollbackOutlined />}
          disabled={selected.length === 0 || busy}
          onClick={() => void restore()}
        >
          {DriveText.RESTORE}
        </Button>
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={selected.length === 0 || busy}
          onClick={() => void purge()}
        >
          {DriveText.PURGE}
        </Button>
        <Button danger type="text" disabled={items.length === 0 || busy} onClick={() => void empty()}>
          {DriveText.EMPTY}
        </Button>
        <span className="recycle-bin__hint">{DriveText.RECYCLE_HINT}</span>
      </div>
      <Table<RecycleEntry>
        rowKey="id"
        size="middle"
        loading={bin.isPending || busy}
        dataSource={items}
        pagination={false}
        // At most 500 rows (one page of the older variant's bin): a plain table scrolls them well.
        scroll={{ y: 420 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={DriveText.RECYCLE_EMPTY} />,
        }}
        columns={[
          {
            title: DriveText.COL_NAME,
            dataIndex: 'name',
            ellipsis: true,
            render: (name: string, r) => (
              <>
                <span className="recycle-bin__name">
                  <FileIcon name={r.name} folder={r.type === 'folder'} />
                  {name}
                </span>
                {/* Below 768 px the size and time columns give the name the room; they are
                    read under it instead (CSS shows this line there only). */}
                <span className="recycle-bin__meta">
                  {r.type === 'file' ? `${backend.formatSize(r.size)} · ` : ''}
                  {DriveText.COL_DELETED} {formatTime(r.deletedAt)}
                </span>
              </>
            ),
          },
          {
            title: DriveText.COL_SIZE,
            dataIndex: 'size',
            width: 120,
            responsive: ['md'],
            render: (size: number, r) => (r.type === 'file' ? backend.formatSize(size) : '-'),
          },
          {
            title: DriveText.COL_DELETED,
            dataIndex: 'deletedAt',
            width: 180,
            responsive: ['md'],
            render: (t: number) => formatTime(t),
          },
        ]}
      />
    </Modal>
  );
}
