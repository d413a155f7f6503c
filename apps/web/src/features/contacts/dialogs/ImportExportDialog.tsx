import {
  CalendarOutlined,
  CloseOutlined,
  ExportOutlined,
  FileTextOutlined,
  ImportOutlined,
  MessageOutlined,
  SnippetsOutlined,
} from '@ant-design/icons';
import {
  CalendarMsg,
  ContactMsg,
  type ExportResult,
  IMPORT_MAX_FILES,
  NoteMsg,
  SmsMsg,
  VCARD_EXTENSION,
} from '@phonecloud/shared';
import { Button, Modal } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { shouldReport } from '../../../api';
import { exportCalendar } from '../../../api/calendar-export';
import { exportNotes } from '../../../api/notes-export';
import { exportSmsBox } from '../../../api/sms-export';
import { downloadThroughFrame } from '../../../components/download-frame';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { contactCalls } from '../api/contact-calls';
import { uploadVcards } from '../api/import-upload';
import type { Book } from '../book/book';
import { T } from '../texts';

// Long enough to read the import summary before the page reloads (spec 001 §4: it reloads).
const RELOAD_AFTER_MS = 1500;

const isVcard = (f: File) => f.name.toLowerCase().endsWith(VCARD_EXTENSION);
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
        <ExportCard book={book} />
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

function ImportCard() {
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    if (chosen.length === 0) return;
    if (!chosen.every(isVcard)) {
      setError(ContactMsg.IMPORT_FORMAT);
      return;
    }
    setError(null);
    setFiles((prev) =>
      [...prev, ...chosen.filter((f) => !prev.some((p) => p.name === f.name))].slice(0, IMPORT_MAX_FILES),
    );
  };

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await uploadVcards(files);
      setDone(T.importDone(r.added, r.duplicates, r.failed.length));
      window.setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
    } catch (e) {
      if (shouldReport(e)) setError(errorText(e));
      setBusy(false);
    }
  };

  return (
    <section className="io-card" aria-label={T.importVcard}>
      <h3 className="io-card__title">
        <ImportOutlined /> {T.importVcard}
      </h3>
      <p className="io-card__hint">{T.importHint}</p>
      <input
        ref={input}
        type="file"
        multiple
        accept=".vcf,text/vcard,text/x-vcard"
        className="visually-hidden"
        aria-label={T.chooseFiles}
        onChange={(e) => {
          choose(e.target.files);
          e.target.value = '';
        }}
      />
      <Button onClick={() => input.current?.click()} disabled={busy}>
        {T.chooseFiles}
      </Button>
      {files.length > 0 && (
        <ul className="io-files" aria-label="已选择的文件">
          {files.map((f) => (
            <li key={f.name} className="io-file">
              <FileTextOutlined />
              <span className="io-file__name" title={f.name}>
                {f.name}
              </span>
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={`移除 ${f.name}`}
                disabled={busy}
                onClick={() => setFiles(files.filter((x) => x !== f))}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="field-error" role={error ? 'alert' : undefined}>
        {error}
      </div>
      {done && (
        <div className="io-done" role="status">
          {done}
        </div>
      )}
      <PrimaryButton
        disabled={files.length === 0 || done !== null}
        loading={busy}
        onClick={() => void start()}
      >
        {T.startImport}
      </PrimaryButton>
    </section>
  );
}

function ExportCard({ book }: { book: Book }) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      const r = await contactCalls.exportBook(book.syncVersion);
      downloadThroughFrame(r.filePath, ContactMsg.DOWNLOAD_FAILED, (text) => {
        setDone(false);
        setError(text);
      });
      setDone(true);
    } catch (e) {
      // An empty book answers 1012 with '暂无联系人,无导出数据！'.
      if (shouldReport(e)) setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="io-card" aria-label={T.exportVcard}>
      <h3 className="io-card__title">
        <ExportOutlined /> {T.exportVcard}
      </h3>
      <p className="io-card__hint">{T.exportHint}</p>
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
        {T.startExport}
      </PrimaryButton>
    </section>
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
