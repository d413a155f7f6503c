import { CopyOutlined, DisconnectOutlined, ReloadOutlined } from '@ant-design/icons';
import { type ShareStatus, ShareText, shareClipboardText } from '@phonecloud/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import type { DriveVariant } from '../../../api';
import { toast } from '../../../components/toast';
import { confirmAction } from '../dialogs/confirm';
import { reportError } from '../report';
import { formatTime } from '../time';
import { copyText } from './clipboard';
import { expiryText } from './expiry';
import { type ShareEntry, shareApiFor } from './share-api';
import './share.css';

export const shareKeys = {
  list: (variant: DriveVariant) => ['drive', variant, 'shares'] as const,
};

const TONE: Record<ShareStatus, string | undefined> = {
  valid: undefined,
  expired: 'default',
  cancelled: 'default',
};

/**
 * 我的分享: every link of the drive (both faces see the same ones), newest first, with its
 * expiry, views and downloads; copy the link (with its code) and cancel one or several.
 */
export function MyShares({ variant, onClose }: { variant: DriveVariant; onClose(): void }) {
  const queryClient = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const shares = useQuery({
    queryKey: shareKeys.list(variant),
    queryFn: () => shareApiFor(variant).list(),
    staleTime: 0,
  });
  const rows = shares.data ?? [];
  const v2 = variant === 'alipan';

  const copy = async (entry: ShareEntry) => {
    const origin = new URL(entry.url, window.location.href).origin;
    const ok = await copyText(shareClipboardText(origin, entry.id, entry.pwd));
    if (ok) toast.success(ShareText.COPIED);
    else toast.error(ShareText.COPY_FAILED);
  };

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
        dataSource={rows}
        pagination={false}
        scroll={{ y: 420 }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (r) => ({ disabled: r.status === 'cancelled', 'aria-label': `选择${r.name}` }),
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ShareText.EMPTY} /> }}
        columns={[
          {
            title: ShareText.COL_NAME,
            dataIndex: 'name',
            ellipsis: true,
            render: (name: string, r) => (
              <div className="my-shares__name" data-share-id={r.id}>
                <span className="my-shares__title" title={name}>
                  {name}
                </span>
                {/* On a phone the other columns fold into this line. */}
                <span className="my-shares__meta">
                  {expiryText(r)} · {ShareText.counts(r.views, r.downloads)}
                  {r.pwd ? ` · ${ShareText.CODE} ${r.pwd}` : ''}
                </span>
              </div>
            ),
          },
          {
            title: ShareText.COL_CREATED,
            dataIndex: 'createdAt',
            width: 170,
            responsive: ['lg'],
            render: (t: number) => formatTime(t),
          },
          {
            title: ShareText.COL_STATUS,
            key: 'status',
            width: 130,
            responsive: ['md'],
            render: (_: unknown, r) =>
              TONE[r.status] ? <Tag color={TONE[r.status]}>{expiryText(r)}</Tag> : expiryText(r),
          },
          {
            title: ShareText.CODE,
            dataIndex: 'pwd',
            width: 80,
            responsive: ['md'],
            render: (pwd: string) => pwd || '-',
          },
          {
            title: ShareText.COL_VIEWS,
            dataIndex: 'views',
            width: 70,
            responsive: ['md'],
          },
          {
            title: ShareText.COL_DOWNLOADS,
            dataIndex: 'downloads',
            width: 70,
            responsive: ['md'],
          },
          {
            title: '',
            key: 'actions',
            width: v2 ? 96 : 100,
            render: (_: unknown, r) =>
              r.status === 'cancelled' ? null : (
                <span className="my-shares__actions">
                  <Button
                    type="text"
                    icon={<CopyOutlined />}
                    aria-label={`${ShareText.COPY} ${r.name}`}
                    title={v2 ? ShareText.COPY_V2 : ShareText.COPY_V1}
                    onClick={() => void copy(r)}
                  />
                  <Button
                    type="text"
                    danger
                    icon={<DisconnectOutlined />}
                    aria-label={`${ShareText.CANCEL_SHARE} ${r.name}`}
                    title={ShareText.CANCEL_SHARE}
                    onClick={() => void cancel([r.id])}
                  />
                </span>
              ),
          },
        ]}
      />
    </Modal>
  );
}
