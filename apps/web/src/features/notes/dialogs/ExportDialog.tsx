import { ExportOutlined } from '@ant-design/icons';
import { NoteMsg } from '@phonecloud/shared';
import { Modal } from 'antd';
import { useState } from 'react';
import { shouldReport } from '../../../api';
import { exportNotes } from '../../../api/notes-export';
import { downloadThroughFrame } from '../../../components/download-frame';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { T } from '../texts';

/** The notes' export dialog (spec 001 §2): every note as a zip of Markdown files. */
export function ExportDialog({ syncVersion, onClose }: { syncVersion: number; onClose(): void }) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      const r = await exportNotes(syncVersion);
      downloadThroughFrame(r.filePath, NoteMsg.DOWNLOAD_FAILED, (text) => {
        setDone(false);
        setError(text);
      });
      setDone(true);
    } catch (e) {
      // No notes answers 1012 with '暂无便签信息,无导出数据！'.
      if (shouldReport(e)) setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={NoteMsg.EXPORT_TITLE} onCancel={onClose} footer={null} width={480}>
      <p className="notes-export__hint">
        <ExportOutlined /> {NoteMsg.EXPORT_HINT}
      </p>
      <div className="field-error" role={error ? 'alert' : undefined}>
        {error}
      </div>
      {done && (
        <div className="notes-done" role="status">
          {T.exportStarted}
        </div>
      )}
      <PrimaryButton loading={busy} onClick={() => void start()}>
        {T.startExport}
      </PrimaryButton>
    </Modal>
  );
}
