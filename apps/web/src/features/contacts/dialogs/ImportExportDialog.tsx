import { CalendarOutlined, MessageOutlined, SnippetsOutlined } from '@ant-design/icons';
import { CalendarMsg, type ExportResult, NoteMsg, SmsMsg } from '@phonecloud/shared';
import { Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { shouldReport } from '../../../api';
import { exportCalendar } from '../../../api/calendar-export';
import { exportNotes } from '../../../api/notes-export';
import { exportSmsBox } from '../../../api/sms-export';
import { downloadThroughFrame } from '../../../components/download-frame';
import { PrimaryButton } from '../../../components/PrimaryButton';
import type { Book } from '../book/book';
import { T } from '../texts';
import { ContactsExportCard } from './ContactsExportCard';
import { ImportCard } from './ImportCard';

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Import several .vcf files, export the whole book as one vCard file, or (spec 001 §2: export
 * cards exist for SMS, notes and calendar) export the text messages.
 */
export function ImportExportDialog({ book, onClose }: { book: Book; onClose(): void }) {
  return (
    <Modal
      open
      title={T.importExportTitle}
      onCancel={onClose}
      footer={null}
      width={720}
      className="io-dialog"
    >
      <div className="io-cards">
        <ImportCard />
        <ContactsExportCard book={book} />
        <SmsExportCard />
        <AreaExportCard
          title={NoteMsg.EXPORT_TITLE}
          hint={NoteMsg.EXPORT_HINT}
          icon={<SnippetsOutlined />}
          failedText={NoteMsg.DOWNLOAD_FAILED}
          run={() => exportNotes()}
        />
        <AreaExportCard
          title={CalendarMsg.EXPORT_TITLE}
          hint={CalendarMsg.EXPORT_HINT}
          icon={<CalendarOutlined />}
          failedText={CalendarMsg.DOWNLOAD_FAILED}
          run={exportCalendar}
        />
      </div>
    </Modal>
  );
}

/** The text messages' export (the SMS area's own export dialog makes the same call). */
function SmsExportCard() {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      const r = await exportSmsBox();
      downloadThroughFrame(r.filePath, SmsMsg.DOWNLOAD_FAILED, (text) => {
        setDone(false);
        setError(text);
      });
      setDone(true);
    } catch (e) {
      // An empty box answers 1012 with '暂无短信信息,无导出数据！'.
      if (shouldReport(e)) setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="io-card io-card--wide" aria-label={SmsMsg.EXPORT_TITLE}>
      <h3 className="io-card__title">
        <MessageOutlined /> {SmsMsg.EXPORT_TITLE}
      </h3>
      <p className="io-card__hint">{SmsMsg.EXPORT_HINT}</p>
      <div className="field-error" role={error ? 'alert' : undefined}>
        {error}
      </div>
      {done && (
        <div className="io-done" role="status">
          {T.exportStarted}
        </div>
      )}
      <PrimaryButton loading={busy} onClick={() => void start()}>
        {SmsMsg.EXPORT_TITLE}
      </PrimaryButton>
    </section>
  );
}

/**
 * An export of another area (spec 001 §2: the dialog has notes and calendar cards): its call
 * answers `filePath`, or 1012 with the area's text ('暂无便签信息,无导出数据！',
 * '暂无日程信息,无导出数据！'), shown in the card.
 */
function AreaExportCard({
  title,
  hint,
  icon,
  failedText,
  run,
}: {
  title: string;
  hint: string;
  icon: ReactNode;
  failedText: string;
  run(): Promise<ExportResult>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      const r = await run();
      downloadThroughFrame(r.filePath, failedText, (text) => {
        setDone(false);
        setError(text);
      });
      setDone(true);
    } catch (e) {
      if (shouldReport(e)) setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="io-card" aria-label={title}>
      <h3 className="io-card__title">
        {icon} {title}
      </h3>
      <p className="io-card__hint">{hint}</p>
      <div className="io-card__fill" />
      <div className="field-error" role={error ? 'alert' : undefined}>
        {error}
      </div>
      {done && (
        <div className="io-done" role="status">
          {T.exportStarted}
        </div>
      )}
      <PrimaryButton loading={busy} onClick={() => void start()}>
        {title}
      </PrimaryButton>
    </section>
  );
}
