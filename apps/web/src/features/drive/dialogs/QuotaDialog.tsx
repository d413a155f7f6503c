import { DriveMsg } from '@phonecloud/shared';
import { Modal } from 'antd';
import { PrimaryButton } from '../../../components/PrimaryButton';

/** Spec 000 §5: chosen files that do not fit; '知道了' closes it and the choice is dropped. */
export function QuotaDialog({ onClose }: { onClose(): void }) {
  return (
    <Modal
      open
      title="提示"
      width={420}
      onCancel={onClose}
      footer={<PrimaryButton onClick={onClose}>{DriveMsg.QUOTA_OK_BUTTON}</PrimaryButton>}
      className="drive-dialog"
    >
      <p className="drive-quota-text">{DriveMsg.QUOTA_EXCEEDED}</p>
    </Modal>
  );
}
