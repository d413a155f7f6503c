import {
  CalendarApi,
  type CalendarCreate,
  type CalendarDays,
  type CalendarDelete,
  type CalendarEventDetail,
  type CalendarImportResult,
  type CalendarList,
  type CalendarPoll,
  type CalendarRange,
  type CalendarSaveResult,
  type CalendarSearchResult,
  type CalendarUpdate,
  type CalendarWriteResult,
} from '@phonecloud/shared';
import { api, type CallOptions } from '../../../api';

// Every call of the area: a 6001 leads to /calendar.check, whose success comes back here.
const AREA: CallOptions = { area: 'calendar' };

/** The zone the browser shows times in: the views ask range.do for wall clocks in it. */
export function viewZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Shanghai';
  } catch {
    // An old engine without zone names: the portal's own zone.
    return 'Asia/Shanghai';
  }
}

/** The calendar area's calls (the product's own, see docs/calendar-web.md). */
export const calendarCalls = {
  calendars: () => api.get<CalendarList>(CalendarApi.calendars, AREA),
  setting: (calendar_id: string, change: { color?: string; hidden?: 0 | 1 }) =>
    api.postJson<CalendarList>(CalendarApi.calendarSetting, { calendar_id, ...change }, AREA),
  range: (start: string, end: string, signal?: AbortSignal) =>
    api.get<CalendarRange>(CalendarApi.range, { ...AREA, query: { start, end, tz: viewZone() }, signal }),
  days: (start: string, end: string) =>
    api.get<CalendarDays>(CalendarApi.days, { ...AREA, query: { start, end } }),
  event: (uid: string, recurrenceId: string | null) =>
    api.get<CalendarEventDetail>(CalendarApi.event, {
      ...AREA,
      query: { uid, recurrence_id: recurrenceId ?? undefined },
    }),
  create: (body: CalendarCreate, requestKey: string) =>
    api.postJson<CalendarSaveResult>(CalendarApi.create, body, { ...AREA, requestKey }),
  update: (body: CalendarUpdate) => api.postJson<CalendarWriteResult>(CalendarApi.update, body, AREA),
  remove: (body: CalendarDelete) => api.postJson<CalendarWriteResult>(CalendarApi.delete, body, AREA),
  search: (q: string, signal?: AbortSignal) =>
    api.get<CalendarSearchResult>(CalendarApi.search, { ...AREA, query: { q }, signal }),
  changes: (syncVersion: number, contactsVersion: number) =>
    api.get<CalendarPoll>(CalendarApi.changes, {
      ...AREA,
      query: { sync_version: syncVersion, contacts_version: contactsVersion },
    }),
  importIcs: (file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return api.upload<CalendarImportResult>(CalendarApi.import, body, AREA);
  },
};
