import { UploadOutlined } from '@ant-design/icons';
import { CALENDAR_IMPORT_MAX_BYTES, type CalendarImportResult, CalendarMsg } from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../api';
import { calendarCalls } from '../api/calendar-calls';
import { CALENDAR_KEY, reloadRanges } from '../api/calendar-queries';

/** Import an .ics file: events merged by UID; each event the file had that was refused is listed. */
export function ImportDialog({ onClose }: { onClose(): void }) {
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<CalendarImportResult | null>(null);
  const start = async () => {
    if (!file) {
      setError(CalendarMsg.IMPORT_EMPTY);
      return;
    }
    if (file.size > CALENDAR_IMPORT_MAX_BYTES) {
      setError(CalendarMsg.IMPORT_TOO_LARGE);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const r = await calendarCalls.importIcs(file);
      setResult(r);
      await reloadRanges(qc);
      await qc.invalidateQueries({ queryKey: [...CALENDAR_KEY, 'search'] });
    } catch (e) {
      if (isApiError(e) && e.kind === 'redirected') return;
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={CalendarMsg.IMPORT_TITLE}
      onCancel={onClose}
      className="cal-dialog cal-import"
      footer={
        result ? (
          <Button type="primary" onClick={onClose}>
            完成
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" loading={busy} onClick={() => void start()}>
              开始导入
            </Button>
          </>
        )
      }
    >
      <p className="cal-import__hint">{CalendarMsg.IMPORT_HINT}</p>
      {!result && (
        <label className="cal-import__pick">
          <input
            type="file"
            accept=".ics,text/calendar"
            aria-label="选择 .ics 文件"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(null);
            }}
          />
          <UploadOutlined />
          <span>{file ? file.name : '选择 .ics 文件'}</span>
        </label>
      )}
      {error && <Alert type="error" showIcon title={error} className="cal-import__alert" />}
      {result && (
        <div className="cal-import__result" role="status">
          <Alert type={result.errors.length > 0 ? 'warning' : 'success'} showIcon title={result.message} />
          {result.errors.length > 0 && (
            <ul className="cal-import__errors" aria-label="导入失败的日程">
              {result.errors.map((e) => (
                <li key={`${e.index}-${e.uid}`}>
                  <span className="cal-import__which">
                    第 {e.index} 个日程{e.summary ? `「${e.summary}」` : ''}
                  </span>
                  <span className="cal-import__reason">{e.reason}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Modal>
  );
}
