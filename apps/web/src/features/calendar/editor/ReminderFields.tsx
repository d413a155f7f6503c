import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CALENDAR_REMINDERS_MAX } from '@phonecloud/shared';
import { Button, Select } from 'antd';
import type { ReminderRow, ReminderUnit } from './event-form';
import { NumberField } from './NumberField';

const UNITS: { value: ReminderUnit; label: string }[] = [
  { value: 'minutes', label: '分钟前' },
  { value: 'hours', label: '小时前' },
  { value: 'days', label: '天前' },
];

/** The reminders: an amount and minutes / hours / days before, each removable. */
export function ReminderFields({
  value,
  onChange,
}: {
  value: ReminderRow[];
  onChange(v: ReminderRow[]): void;
}) {
  const set = (i: number, row: ReminderRow) => onChange(value.map((r, j) => (j === i ? row : r)));
  return (
    <div className="cal-reminders">
      {value.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
        <div key={i} className="cal-reminders__row">
          <NumberField
            aria-label={`提醒 ${i + 1} 的时间`}
            min={0}
            max={r.unit === 'days' ? 28 : r.unit === 'hours' ? 672 : 40320}
            value={r.amount}
            onChange={(amount) => set(i, { ...r, amount })}
          />
          <Select
            aria-label={`提醒 ${i + 1} 的单位`}
            value={r.unit}
            options={UNITS}
            onChange={(unit) => set(i, { ...r, unit })}
            popupMatchSelectWidth={false}
          />
          <Button
            aria-label={`删除提醒 ${i + 1}`}
            icon={<DeleteOutlined />}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      {value.length < CALENDAR_REMINDERS_MAX && (
        <Button
          icon={<PlusOutlined />}
          onClick={() =>
            onChange([
              ...value,
              { amount: value.length === 0 ? 15 : 1, unit: value.length === 0 ? 'minutes' : 'days' },
            ])
          }
        >
          添加提醒
        </Button>
      )}
    </div>
  );
}
