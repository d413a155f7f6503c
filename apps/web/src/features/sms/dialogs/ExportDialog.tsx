import { ExportOutlined } from '@ant-design/icons';
import { SmsMsg } from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Modal } from 'antd';
import { exportSmsBox } from '../../../api/sms-export';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { ExportOutcome, useExportRun } from '../../../components/use-export-run';
import { syncVersionOf } from '../api/sms-queries';
import { T } from '../texts';

/** The export dialog for all text messages (spec 001 §2): one XML file, downloaded in a frame. */
export function ExportDialog({ onClose }: { onClose(): void }) {
  const qc = useQueryClient();
  const run = useExportRun(SmsMsg.DOWNLOAD_FAILED);
  // An empty box answers 1012 with '暂无短信信息,无导出数据！'.
  const start = () => run.start(() => exportSmsBox(syncVersionOf(qc)));

  return (
    <Modal
      open
      title={SmsMsg.EXPORT_TITLE}
      onCancel={onClose}
      footer={null}
      width={480}
      className="sms-export"
    >
      <p className="sms-export__hint">
        <ExportOutlined /> {SmsMsg.EXPORT_HINT}
      </p>
      <ExportOutcome run={run} doneText={T.exportStarted} doneClass="sms-export__done" />
      <PrimaryButton loading={run.busy} onClick={() => void start()}>
        {T.startExport}
      </PrimaryButton>
    </Modal>
  );
}
