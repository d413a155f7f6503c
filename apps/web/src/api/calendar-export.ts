import {
  CalendarApi,
  type CalendarBin,
  type CalendarBinRecovered,
  type ExportResult,
  type GatedArea,
} from '@phonecloud/shared';
import { api, type CallOptions } from './index';

// The calendar has no check screen of its own; its card sits in the contacts' dialog, whose
// verification (the same scope) a 6001 renews, coming back to the contacts.
const AREA: CallOptions = { area: 'contact' };

/**
 * export_calendar_data.do (spec 001 §7): the whole calendar as one iCalendar (.ics) file,
 * answered as `filePath` to download through a hidden frame. The contacts' import/export dialog
 * carries its card (spec 001 §2); the calendar has no screen of its own. An empty calendar
 * answers 1012 with '暂无日程信息,无导出数据！'.
 */
export function exportCalendar(area: GatedArea = 'contact'): Promise<ExportResult> {
  // From the calendar's own screen a 6001 leads to its own check screen (the same scope).
  return api.post<ExportResult>(CalendarApi.export, {}, { area });
}

/** The calendar's recycle bin (the product's own): what phones and CalDAV clients deleted. */
export const calendarBin = {
  list: () => api.get<CalendarBin>(CalendarApi.binList, AREA),
  recover: (uids: readonly string[]) =>
    api.post<CalendarBinRecovered>(CalendarApi.binRecover, { uids: JSON.stringify(uids) }, AREA),
  remove: (uids: readonly string[]) =>
    api.post<{ deleted: number }>(CalendarApi.binDelete, { uids: JSON.stringify(uids) }, AREA),
  empty: () => api.post<{ deleted: number }>(CalendarApi.binEmpty, {}, AREA),
};
