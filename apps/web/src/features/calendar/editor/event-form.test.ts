import type { CalendarEventDetail } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { bodyOf, formOf, formProblem, newForm, patchOf } from './event-form';

const detail: CalendarEventDetail = {
  uid: 'u1',
  version_code: 3,
  calendar_id: 'default',
  read_only: 0,
  recurrence_id: null,
  summary: '周会',
  location: '三楼',
  description: '',
  all_day: 0,
  start: '2026-11-23T10:00',
  end: '2026-11-23T11:00',
  tzid: 'Asia/Shanghai',
  reminders: [{ minutes_before: 1440, action: 'DISPLAY' }],
  repeat: {
    freq: 'weekly',
    interval: 1,
    weekdays: ['MO'],
    monthly_by: 'date',
    month_week: null,
    until: null,
    count: null,
  },
  rrule: 'FREQ=WEEKLY;BYDAY=MO',
  repeat_editable: 1,
  lunar: null,
  series_start: '2026-11-23T10:00',
};

describe('event form', () => {
  it('reads an event into the fields and writes them back unchanged', () => {
    const form = formOf(detail);
    expect(form.reminders).toEqual([{ amount: 1, unit: 'days' }]);
    expect(form.repeat).toBe('weekly');
    const body = bodyOf(form);
    expect(body).toMatchObject({ start: '2026-11-23T10:00', end: '2026-11-23T11:00', reminders: [1440] });
    expect(patchOf(form, form)).toEqual({});
  });

  it('sends only what changed, and both ends with a new time', () => {
    const form = formOf(detail);
    expect(patchOf(form, { ...form, summary: '周会（改）' })).toEqual({ summary: '周会（改）' });
    expect(patchOf(form, { ...form, startTime: '10:30' })).toEqual({
      start: '2026-11-23T10:30',
      end: '2026-11-23T11:00',
      all_day: 0,
    });
  });

  it('writes all-day ends as the day after, and a lunar birthday as lunar_yearly', () => {
    const form = { ...newForm('2026-09-25', 0, '2026-09-25', 0, true), repeat: 'lunar_yearly' as const };
    expect(bodyOf(form)).toMatchObject({
      all_day: 1,
      start: '2026-09-25',
      end: '2026-09-26',
      repeat: { freq: 'lunar_yearly', interval: 1 },
    });
    expect(formProblem({ ...newForm('2026-09-25', 600, '2026-09-25', 540, false) })).toBe(
      '结束时间不能早于开始时间',
    );
  });
});
