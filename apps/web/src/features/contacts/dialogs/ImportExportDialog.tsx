import { CalendarOutlined, MessageOutlined, SnippetsOutlined } from '@ant-design/icons';
import { CalendarMsg, type ExportResult, NoteMsg, SmsMsg } from '@phonecloud/shared';
import { Button, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { exportCalendar } from '../../../api/calendar-export';
import { exportNotes } from '../../../api/notes-export';
import { exportSmsBox } from '../../../api/sms-export';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { ExportOutcome, useExportRun } from '../../../components/use-export-run';
import type { Book } from '../book/book';
import { T } from '../texts';
import { CalendarBinDialog } from './CalendarBinDialog';
import { ContactsExportCard } from './ContactsExportCard';
import { ImportCard } from './ImportCard';

/**
 * Import several .vcf files, export the whole book as one vCard file, or (spec 001 §2: export
 * cards exist for SMS, notes and calendar) export the text messages.
 */
export function ImportExportDialog({ book, onClose }: { book: Book; onClose(): void }) {
  const [calendarBinOpen, setCalendarBinOpen] = useState(false);
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
        <AreaExportCard
          title={SmsMsg.EXPORT_TITLE}
          hint={SmsMsg.EXPORT_HINT}
          icon={<MessageOutlined />}
          failedText={SmsMsg.DOWNLOAD_FAILED}
          wide
          run={() => exportSmsBox()}
        />
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
          run={() => exportCalendar()}
          extra={
            <Button
              type="link"
              size="small"
              className="io-card__link"
              onClick={() => setCalendarBinOpen(true)}
            >
              {CalendarMsg.BIN_OPEN}
            </Button>
          }
        />
      </div>
      {calendarBinOpen && <CalendarBinDialog onClose={() => setCalendarBinOpen(false)} />}
    </Modal>
  );
}

/**
 * An export of another area (spec 001 §2: the dialog has SMS, notes and calendar cards): its
 * call answers `filePath`, or 1012 with the area's text ('暂无短信信息,无导出数据！',
 * '暂无便签信息,无导出数据！', '暂无日程信息,无导出数据！'), shown in the card. The areas' own
 * export dialogs make the same calls.
 */
function AreaExportCard({
  title,
  hint,
  icon,
  failedText,
  wide = false,
  run: call,
  extra,
}: {
  title: string;
  hint: string;
  icon: ReactNode;
  failedText: string;
  wide?: boolean;
  run(): Promise<ExportResult>;
  /** A second action of the area, under its hint (the calendar's recycle bin). */
  extra?: ReactNode;
}) {
  const run = useExportRun(failedText);
  return (
    <section className={wide ? 'io-card io-card--wide' : 'io-card'} aria-label={title}>
      <h3 className="io-card__title">
        {icon} {title}
      </h3>
      <p className="io-card__hint">{hint}</p>
      {extra}
      {!wide && <div className="io-card__fill" />}
      <ExportOutcome run={run} doneText={T.exportStarted} doneClass="io-done" />
      <PrimaryButton loading={run.busy} onClick={() => void run.start(call)}>
        {title}
      </PrimaryButton>
    </section>
  );
}
