import { CopyOutlined, DisconnectOutlined } from '@ant-design/icons';
import { type ShareStatus, ShareText } from '@phonecloud/shared';
import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatTime } from '../time';
import { expiryText } from './expiry';
import type { ShareEntry } from './share-api';

const TONE: Record<ShareStatus, string | undefined> = {
  valid: undefined,
  expired: 'default',
  cancelled: 'default',
};

/**
 * The columns of 我的分享: the name (with the others folded under it on a phone), created,
 * status, code, views, downloads, and copy / cancel for a link still live.
 */
export function shareColumns(
  v2: boolean,
  actions: { copy(entry: ShareEntry): Promise<void>; cancel(id: string): void },
): ColumnsType<ShareEntry> {
  return [
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
              onClick={() => void actions.copy(r)}
            />
            <Button
              type="text"
              danger
              icon={<DisconnectOutlined />}
              aria-label={`${ShareText.CANCEL_SHARE} ${r.name}`}
              title={ShareText.CANCEL_SHARE}
              onClick={() => actions.cancel(r.id)}
            />
          </span>
        ),
    },
  ];
}
