import {
  CALENDAR_REPEAT_COUNT_MAX,
  CALENDAR_REPEAT_INTERVAL_MAX,
  CalendarMsg,
  type CalendarWeekday,
} from '@phonecloud/shared';
import { Checkbox, Input, Select } from 'antd';
import { WEEKDAY_NAMES } from '../dates/days';
import type { EventForm, RepeatChoice } from './event-form';
import { NumberField } from './NumberField';

const CHOICES: { value: RepeatChoice; label: string }[] = [
  { value: 'none', label: CalendarMsg.REPEAT_NONE },
  { value: 'daily', label: CalendarMsg.REPEAT_DAILY },
  { value: 'weekly', label: CalendarMsg.REPEAT_WEEKLY },
  { value: 'monthly_date', label: CalendarMsg.REPEAT_MONTHLY_DATE },
  { value: 'monthly_weekday', label: CalendarMsg.REPEAT_MONTHLY_WEEKDAY },
  { value: 'yearly', label: CalendarMsg.REPEAT_YEARLY },
  { value: 'lunar_yearly', label: CalendarMsg.REPEAT_LUNAR_YEARLY },
];
const WEEKDAYS: CalendarWeekday[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const UNIT: Partial<Record<RepeatChoice, string>> = {
  daily: '天',
  weekly: '周',
  monthly_date: '个月',
  monthly_weekday: '个月',
  yearly: '年',
};

interface Props {
  form: EventForm;
  set(change: Partial<EventForm>): void;
  /** The lunar date of the start day (农历八月十五), shown beside 每年（农历）. */
  lunarOfStart: string;
  disabled?: boolean;
}

/** The repeat rule: how often, on which weekdays, and until when. */
export function RepeatFields({ form, set, lunarOfStart, disabled }: Props) {
  const unit = UNIT[form.repeat];
  return (
    <div className="cal-repeat">
      <Select
        aria-label={CalendarMsg.FIELD_REPEAT}
        value={form.repeat}
        options={CHOICES}
        disabled={disabled}
        onChange={(repeat) => set({ repeat, ...(repeat === 'lunar_yearly' ? { allDay: true } : {}) })}
      />
      {form.repeat === 'lunar_yearly' && lunarOfStart && (
        <span className="cal-repeat__lunar">每年农历{lunarOfStart}</span>
      )}
      {unit && (
        <span className="cal-repeat__every">
          每
          <NumberField
            aria-label="重复间隔"
            min={1}
            max={CALENDAR_REPEAT_INTERVAL_MAX}
            value={form.interval}
            disabled={disabled}
            onChange={(interval) => set({ interval })}
          />
          {unit}
        </span>
      )}
      {form.repeat === 'weekly' && (
        <Checkbox.Group
          className="cal-repeat__days"
          aria-label="重复的星期"
          value={form.weekdays}
          disabled={disabled}
          onChange={(v) => set({ weekdays: v as CalendarWeekday[] })}
          options={WEEKDAYS.map((w, i) => ({ value: w, label: `周${WEEKDAY_NAMES[i]}` }))}
        />
      )}
      {form.repeat !== 'none' && (
        <span className="cal-repeat__ends">
          <Select
            aria-label="重复结束"
            value={form.ends}
            disabled={disabled}
            onChange={(ends) => set({ ends })}
            options={[
              { value: 'never', label: CalendarMsg.REPEAT_FOREVER },
              { value: 'until', label: CalendarMsg.REPEAT_UNTIL },
              { value: 'count', label: CalendarMsg.REPEAT_COUNT },
            ]}
          />
          {form.ends === 'until' && (
            <Input
              type="date"
              aria-label="重复结束日期"
              value={form.until}
              disabled={disabled}
              onChange={(e) => set({ until: e.target.value })}
            />
          )}
          {form.ends === 'count' && (
            <NumberField
              aria-label="重复次数"
              min={1}
              max={CALENDAR_REPEAT_COUNT_MAX}
              value={form.count}
              disabled={disabled}
              onChange={(count) => set({ count })}
            />
          )}
        </span>
      )}
    </div>
  );
}
