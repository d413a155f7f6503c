import { DisconnectOutlined, ReloadOutlined } from '@ant-design/icons';
import { ShareText, shareClipboardText } from '@phonecloud/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Modal, Table } from 'antd';
import { useState } from 'react';
import type { DriveVariant } from '../../../api';
import { toast } from '../../../components/toast';
import { confirmAction } from '../dialogs/confirm';
import { reportError } from '../report';
import { copyText } from './clipboard';
import { shareColumns } from './my-shares-columns';
import { type ShareEntry, shareApiFor } from './share-api';
import './share.css';

export const shareKeys = {
  list: (variant: DriveVariant) => ['drive', variant, 'shares'] as const,
};

/** The drive's links, read afresh each time the list opens. */
function useShareList(variant: DriveVariant) {
  return useQuery({
    queryKey: shareKeys.list(variant),
    queryFn: () => shareApiFor(variant).list(),
    staleTime: 0,
  });
}

/**
 * 我的分享: every link of the drive (both faces see the same ones), newest first, with its
 * expiry, views and downloads; copy the link (with its code) and cancel one or several.
 */
export function MyShares({ variant, onClose }: { variant: DriveVariant; onClose(): void }) {
  const queryClient = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const shares = useShareList(variant);

  const cancel = async (ids: string[]) => {
    if (ids.length === 0) return;
    const yes = await confirmAction(modal, {
      title: ShareText.CANCEL_TITLE,
      text: ShareText.cancelConfirm(ids.length),
      danger: true,
    });
    if (!yes) return;
    setBusy(true);
    try {
      await shareApiFor(variant).cancel(ids);
      toast.success(ShareText.CANCELLED_OK);
      setSelected([]);
    } catch (err) {
      reportError(err);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: shareKeys.list(variant) });
    }
  };

  return (
    <Modal
      open
      title={ShareText.MY_SHARES}
      width={960}
      footer={null}
      onCancel={onClose}
      className={`drive-dialog my-shares my-shares--${variant}`}
    >
      {holder}
      <div className="my-shares__bar">
        <Button
          danger
          icon={<DisconnectOutlined />}
          disabled={selected.length === 0 || busy}
          onClick={() => void cancel(selected)}
        >
          {ShareText.CANCEL_SHARE}
        </Button>
        <Button
          type="text"
          icon={<ReloadOutlined />}
          onClick={() => void shares.refetch()}
          aria-label={ShareText.REFRESH}
        />
      </div>
      <Table<ShareEntry>
        rowKey="id"
        size="middle"
        loading={shares.isPending || busy}
        dataSource={shares.data ?? []}
        pagination={false}
        scroll={{ y: 420 }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (r) => ({ disabled: r.status === 'cancelled', 'aria-label': `选择${r.name}` }),
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ShareText.EMPTY} /> }}
        columns={shareColumns(variant === 'alipan', {
          copy: copyShareLink,
          cancel: (id) => void cancel([id]),
        })}
      />
    </Modal>
  );
}

/** Copies a link with its code, as the text the spec gives for pasting into a message. */
async function copyShareLink(entry: ShareEntry) {
  const origin = new URL(entry.url, window.location.href).origin;
  const ok = await copyText(shareClipboardText(origin, entry.id, entry.pwd));
  if (ok) toast.success(ShareText.COPIED);
  else toast.error(ShareText.COPY_FAILED);
}
