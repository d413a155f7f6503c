import { ExportOutlined } from '@ant-design/icons';
import { SmsMsg } from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useState } from 'react';
import { exportSmsBox } from '../../../api/sms-export';
import { downloadThroughFrame } from '../../../components/download-frame';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { syncVersionOf } from '../api/sms-queries';
import { failureText } from '../api/write-failure';
import { T } from '../texts';

/** The export dialog for all text messages (spec 001 §2): one XML file, downloaded in a frame. */
export function ExportDialog({ onClose }: { onClose(): void }) {
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      const r = await exportSmsBox(syncVersionOf(qc));
      downloadThroughFrame(r.filePath, SmsMsg.DOWNLOAD_FAILED, (text) => {
        setDone(false);
        setError(text);
      });
      setDone(true);
    } catch (e) {
      // An empty box answers 1012 with '暂无短信信息,无导出数据！'.
      setError(failureText(e));
    } finally {
      setBusy(false);
    }
  };

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
      <div className="field-error" role={error ? 'alert' : undefined}>
        {error}
      </div>
      {done && (
        <div className="sms-export__done" role="status">
          {T.exportStarted}
        </div>
      )}
      <PrimaryButton loading={busy} onClick={() => void start()}>
        {T.startExport}
      </PrimaryButton>
    </Modal>
  );
}
