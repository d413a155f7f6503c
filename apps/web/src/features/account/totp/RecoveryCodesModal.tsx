import { Alert, Button, Modal } from 'antd';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { toast } from '../../../components/toast';

/** Recovery codes, shown this once after an enrolment or a renewal. */
export function RecoveryCodesModal({ codes, onDone }: { codes: string[]; onDone(): void }) {
  return (
    <Modal open title="保存恢复码" width={480} footer={null} maskClosable={false} closable={false}>
      <Alert
        type="warning"
        showIcon
        className="form-alert"
        title="恢复码只显示这一次"
        description="手机不在身边时，可用其中任意一个完成安全验证，每个只能使用一次。请抄写或保存到安全的地方。"
      />
      <ol className="totp-recovery" aria-label="恢复码">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="totp-recovery__actions">
        <Button
          onClick={() =>
            void navigator.clipboard
              ?.writeText(codes.join('\n'))
              .then(() => toast.success('已复制'))
              .catch(() => toast.error('复制失败，请手动抄写'))
          }
        >
          复制全部
        </Button>
        <PrimaryButton onClick={onDone}>我已保存</PrimaryButton>
      </div>
    </Modal>
  );
}
