import { DeleteOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Modal, Table, type TableColumnsType } from 'antd';
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
  const [selected, setSelected] = useState<string[]>([]);
  const bin = useQuery({
    queryKey: driveKeys.recycle(backend),
    queryFn: async () => {
      await backend.prepare();
      return backend.recycleList();
    },
    staleTime: 0,
  });
  const items = bin.data ?? [];

  const { holder, busy, restore, purge, empty } = useBinActions(backend, items, selected, () =>
    setSelected([]),
  );

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
      <BinBar
        chosen={selected.length > 0}
        any={items.length > 0}
        busy={busy}
        onRestore={() => void restore()}
        onPurge={() => void purge()}
        onEmpty={() => void empty()}
      />
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
        columns={binColumns(backend)}
      />
    </Modal>
  );
}

/** Restore, delete for good and empty: each refused over its limit (spec §4), confirmed, then run. */
function useBinActions(
  backend: DriveBackend,
  items: readonly RecycleEntry[],
  selected: string[],
  clear: () => void,
) {
  const queryClient = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>, done: string) => {
    setBusy(true);
    try {
      await work();
      toast.success(done);
    } catch (err) {
      reportError(err);
    } finally {
      clear();
      setBusy(false);
      // Restored items are back in their folders, purged ones free space: everything may have changed.
      await queryClient.invalidateQueries({ queryKey: driveKeys.all(backend) });
    }
  };

  const act = async (
    limit: string | null,
    ask: Parameters<typeof confirmAction>[1],
    work: () => Promise<void>,
    done: string,
  ) => {
    if (limit) return toast.error(limit);
    if (await confirmAction(modal, ask)) await run(work, done);
  };
  const restore = () =>
    act(
      restoreLimitError(selected.length),
      { title: DriveText.RESTORE_TITLE, text: DriveText.restoreConfirm(selected.length) },
      () => backend.restore(selected),
      DriveText.RESTORED,
    );
  const purge = () =>
    act(
      deleteLimitError(selected.length),
      {
        title: DriveText.PURGE,
        text: DriveText.purgeConfirm(selected.length),
        cannotUndo: true,
        danger: true,
      },
      () => backend.purge(selected),
      DriveText.PURGED,
    );
  const empty = () =>
    act(
      emptyLimitError(items.length),
      { title: DriveText.EMPTY, text: DriveText.EMPTY_CONFIRM, cannotUndo: true, danger: true },
      () => backend.emptyRecycle(),
      DriveText.PURGED,
    );

  return { holder, busy, restore, purge, empty };
}

/** Restore or delete the chosen items for good, or empty the bin. */
function BinBar(props: {
  chosen: boolean;
  any: boolean;
  busy: boolean;
  onRestore(): void;
  onPurge(): void;
  onEmpty(): void;
}) {
  const { chosen, any, busy } = props;
  return (
    <div className="recycle-bin__bar">
      <Button icon={<RollbackOutlined />} disabled={!chosen || busy} onClick={props.onRestore}>
        {DriveText.RESTORE}
      </Button>
      <Button danger icon={<DeleteOutlined />} disabled={!chosen || busy} onClick={props.onPurge}>
        {DriveText.PURGE}
      </Button>
      <Button danger type="text" disabled={!any || busy} onClick={props.onEmpty}>
        {DriveText.EMPTY}
      </Button>
      <span className="recycle-bin__hint">{DriveText.RECYCLE_HINT}</span>
    </div>
  );
}

/** The bin's columns: the name (with size and time under it below 768 px), size, deletion time. */
function binColumns(backend: DriveBackend): TableColumnsType<RecycleEntry> {
  return [
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
  ];
}
