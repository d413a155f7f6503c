import { ExportOutlined } from '@ant-design/icons';
import { NoteMsg } from '@phonecloud/shared';
import { Modal } from 'antd';
import { exportNotes } from '../../../api/notes-export';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { ExportOutcome, useExportRun } from '../../../components/use-export-run';
import { T } from '../texts';

/** The notes' export dialog (spec 001 §2): every note as a zip of Markdown files. */
export function ExportDialog({ syncVersion, onClose }: { syncVersion: number; onClose(): void }) {
  const run = useExportRun(NoteMsg.DOWNLOAD_FAILED);
  // No notes answers 1012 with '暂无便签信息,无导出数据！'.
  const start = () => run.start(() => exportNotes(syncVersion));
  return (
    <Modal open title={NoteMsg.EXPORT_TITLE} onCancel={onClose} footer={null} width={480}>
      <p className="notes-export__hint">
        <ExportOutlined /> {NoteMsg.EXPORT_HINT}
      </p>
      <ExportOutcome run={run} doneText={T.exportStarted} doneClass="notes-done" />
      <PrimaryButton loading={run.busy} onClick={() => void start()}>
        {T.startExport}
      </PrimaryButton>
    </Modal>
  );
}
