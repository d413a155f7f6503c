import { CommandKindName, CommandStatus, CommandStatusName } from '@phonecloud/shared';
import { useQuery } from '@tanstack/react-query';
import { Empty, Modal, Spin, Tag } from 'antd';
import { historyQuery } from '../api/find-queries';
import { T } from '../texts';
import { formatTime } from './coords';

const STATUS_COLOUR: Readonly<Record<number, string>> = {
  [CommandStatus.PENDING]: 'processing',
  [CommandStatus.SUCCESS]: 'success',
  [CommandStatus.FAILED]: 'error',
};

/** op/list.do: every command sent to the phone, newest first, with where it was sent from. */
export function HistoryDialog({ deviceId, onClose }: { deviceId: string; onClose: () => void }) {
  const { data, isPending } = useQuery(historyQuery(deviceId));
  return (
    <Modal open title={T.history} onCancel={onClose} footer={null} className="find-history">
      {isPending ? (
        <Spin className="find-loading" />
      ) : !data || data.count === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.historyEmpty} />
      ) : (
        <ul className="find-history__list">
          {data.list.map((op) => (
            <li key={op.command_id} className="find-history__row">
              <span className="find-history__kind">{CommandKindName[op.kind]}</span>
              <Tag color={STATUS_COLOUR[op.command_status] ?? 'default'}>
                {CommandStatusName[op.command_status] ?? CommandStatusName[CommandStatus.NOT_RECEIVED]}
              </Tag>
              <span className="find-history__time">{formatTime(op.created_at)}</span>
              <span className="find-history__from">{T.historyFrom(op.ip, op.browser)}</span>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
