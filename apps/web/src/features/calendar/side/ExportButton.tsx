import { CalendarMsg } from '@phonecloud/shared';
import { Button } from 'antd';
import { exportCalendar } from '../../../api/calendar-export';
import { ExportOutcome, useExportRun } from '../../../components/use-export-run';
import { T } from '../texts';

/** The existing export (export_calendar_data.do), beside the import: the whole calendar as .ics. */
export function ExportButton() {
  const run = useExportRun(CalendarMsg.DOWNLOAD_FAILED);
  return (
    <>
      <Button block loading={run.busy} onClick={() => void run.start(() => exportCalendar('calendar'))}>
        {T.export}
      </Button>
      <ExportOutcome run={run} doneText={T.exportStarted} doneClass="cal-side__done" />
    </>
  );
}
