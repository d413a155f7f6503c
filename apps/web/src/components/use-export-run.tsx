import type { ExportResult } from '@phonecloud/shared';
import { useState } from 'react';
import { shouldReport } from '../api';
import { downloadThroughFrame } from './download-frame';

export interface ExportRun {
  busy: boolean;
  error: string | null;
  done: boolean;
  /** Makes the export with `call` and downloads it through a hidden frame. */
  start(call: () => Promise<ExportResult>): Promise<void>;
}

/**
 * The one way an area's export runs (contacts, SMS, notes, calendar; their dialogs and the
 * contacts' import/export cards): the call answers `filePath`, or an error such as 1012 with the
 * area's "nothing to export" text, shown where the export was asked for; a download that fails
 * says `failedText` (the spec's '下载失败，请重试或者刷新！').
 */
export function useExportRun(failedText: string): ExportRun {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const start = async (call: () => Promise<ExportResult>) => {
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      const r = await call();
      downloadThroughFrame(r.filePath, failedText, (text) => {
        setDone(false);
        setError(text);
      });
      setDone(true);
    } catch (e) {
      if (shouldReport(e)) setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, done, start };
}

/** The export's error line and its "started" line, as every export shows them. */
export function ExportOutcome({
  run,
  doneText,
  doneClass,
}: {
  run: ExportRun;
  doneText: string;
  doneClass: string;
}) {
  return (
    <>
      <div className="field-error" role={run.error ? 'alert' : undefined}>
        {run.error}
      </div>
      {run.done && (
        <div className={doneClass} role="status">
          {doneText}
        </div>
      )}
    </>
  );
}
