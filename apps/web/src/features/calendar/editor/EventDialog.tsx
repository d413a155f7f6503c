import { type CalendarEventDetail, CalendarMsg } from '@phonecloud/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Input, Modal, Result, Select, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { confirm } from '../../../components/confirm';
import { calendarCalls } from '../api/calendar-calls';
import { CALENDAR_KEY } from '../api/calendar-queries';
import { addDays } from '../dates/days';
import type { Occurrence } from '../state/model';
import type { useWrites } from '../state/use-writes';
import { bodyOf, type EventForm, formOf, formProblem, patchOf } from './event-form';
import { ReminderFields } from './ReminderFields';
import { RepeatFields } from './RepeatFields';
import { zoneOptions } from './zones';

export type DialogTarget = { kind: 'new'; form: EventForm } | { kind: 'edit'; o: Occurrence };

interface Props {
  target: DialogTarget;
  writes: ReturnType<typeof useWrites>;
  onClose(): void;
}

/** The event dialog: a new event, or one event (or one instance of a series) to edit or delete. */
export function EventDialog({ target, writes, onClose }: Props) {
  const o = target.kind === 'edit' ? target.o : null;
  const detail = useQuery({
    queryKey: [...CALENDAR_KEY, 'event', o?.uid, o?.recurrenceId],
    queryFn: () => calendarCalls.event(o?.uid ?? '', o?.recurrenceId ?? null),
    // The birthdays calendar is the contacts' dates, not stored events: drawn from the instance.
    enabled: o !== null && !o.readOnly,
    staleTime: 0,
    gcTime: 0,
  });
  const title = o ? (o.readOnly ? o.title : CalendarMsg.EDIT_EVENT) : CalendarMsg.NEW_EVENT;
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      footer={null}
      width={560}
      className="cal-dialog"
      destroyOnHidden
    >
      {o?.readOnly ? (
        <ReadOnlyOccurrence o={o} />
      ) : target.kind === 'new' ? (
        <EventEditor initial={target.form} detail={null} writes={writes} onClose={onClose} />
      ) : detail.data ? (
        detail.data.read_only === 1 ? (
          <ReadOnlyEvent detail={detail.data} />
        ) : (
          <EventEditor initial={formOf(detail.data)} detail={detail.data} writes={writes} onClose={onClose} />
        )
      ) : detail.isError ? (
        <Result status="warning" title={detail.error.message} />
      ) : (
        <div className="cal-dialog__loading">
          <Spin />
        </div>
      )}
    </Modal>
  );
}

function ReadOnlyOccurrence({ o }: { o: Occurrence }) {
  const when = o.allDay ? o.firstDay : `${o.start.replace('T', ' ')}`;
  return (
    <div className="cal-read-only">
      <p className="cal-read-only__when">
        {when}
        {o.lunar && <span className="cal-read-only__lunar">每年按农历日期</span>}
      </p>
      <Alert type="info" showIcon title={CalendarMsg.READ_ONLY} />
    </div>
  );
}

function ReadOnlyEvent({ detail }: { detail: CalendarEventDetail }) {
  const lunar = detail.lunar;
  return (
    <div className="cal-read-only">
      <p className="cal-read-only__when">
        {detail.all_day === 1 ? detail.start.slice(0, 10) : detail.start.replace('T', ' ')}
        {lunar && (
          <span className="cal-read-only__lunar">
            农历{lunar.leap ? '闰' : ''}
            {lunar.month}月{lunar.day}日
          </span>
        )}
      </p>
      {detail.description && <p className="cal-read-only__text">{detail.description}</p>}
      <Alert type="info" showIcon title={CalendarMsg.READ_ONLY} />
    </div>
  );
}

interface EditorProps {
  initial: EventForm;
  detail: CalendarEventDetail | null;
  writes: ReturnType<typeof useWrites>;
  onClose(): void;
}

function EventEditor({ initial, detail, writes, onClose }: EditorProps) {
  const [form, setForm] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (change: Partial<EventForm>) => {
    setProblem(null);
    setForm((f) => ({ ...f, ...change }));
  };
  const { busy, save, remove } = useEditorActions(initial, detail, writes, onClose, setProblem);
  const lunarDay = useLunarOfStart(form);
  // An instance of a series: a new rule applies from its choice of scope (asked on save).
  const instance = detail?.recurrence_id != null;

  return (
    <form
      className="cal-editor"
      onSubmit={(e) => {
        e.preventDefault();
        void save(form);
      }}
    >
      <div className="cal-field">
        <span className="cal-field__label">{CalendarMsg.FIELD_TITLE}</span>
        <Input
          aria-label={CalendarMsg.FIELD_TITLE}
          value={form.summary}
          maxLength={500}
          placeholder="添加标题"
          autoFocus
          onChange={(e) => set({ summary: e.target.value })}
        />
      </div>
      <WhenFields form={form} set={set} zones={initial.tzid} />
      <div className="cal-field">
        <span className="cal-field__label">{CalendarMsg.FIELD_REPEAT}</span>
        <RepeatFields
          form={form}
          set={set}
          lunarOfStart={lunarDay ? `${lunarDay.lunar_month}${lunarDay.lunar_day}` : ''}
        />
        {instance && (
          <span className="cal-field__hint">
            修改重复规则时，请在保存时选择“所有日程”或“此日程及之后的日程”
          </span>
        )}
      </div>
      <div className="cal-field">
        <span className="cal-field__label">{CalendarMsg.FIELD_REMINDERS}</span>
        <ReminderFields value={form.reminders} onChange={(reminders) => set({ reminders })} />
      </div>
      <div className="cal-field">
        <span className="cal-field__label">{CalendarMsg.FIELD_LOCATION}</span>
        <Input
          aria-label={CalendarMsg.FIELD_LOCATION}
          value={form.location}
          maxLength={500}
          placeholder="添加地点"
          onChange={(e) => set({ location: e.target.value })}
        />
      </div>
      <div className="cal-field">
        <span className="cal-field__label">{CalendarMsg.FIELD_DESCRIPTION}</span>
        <Input.TextArea
          aria-label={CalendarMsg.FIELD_DESCRIPTION}
          value={form.description}
          maxLength={10_000}
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder="添加备注"
          onChange={(e) => set({ description: e.target.value })}
        />
      </div>
      {problem && <Alert type="error" showIcon title={problem} />}
      <div className="cal-editor__actions">
        {detail && (
          <Button danger disabled={busy} onClick={() => void remove()}>
            删除
          </Button>
        )}
        <span className="cal-editor__gap" />
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          保存
        </Button>
      </div>
    </form>
  );
}

/** A new start day moves the end day along, keeping the event's length in days. */
function startDayChange(form: EventForm, startDay: string): Partial<EventForm> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startDay)) return { startDay };
  const from = Date.parse(form.startDay);
  const to = Date.parse(form.endDay);
  const length = Number.isFinite(from) && Number.isFinite(to) ? Math.max(0, to - from) : 0;
  const end = new Date(Date.parse(startDay) + length).toISOString().slice(0, 10);
  return { startDay, endDay: end };
}

/** 全天, 开始, 结束 and the zone of timed events. */
function WhenFields({
  form,
  set,
  zones: current,
}: {
  form: EventForm;
  set(c: Partial<EventForm>): void;
  zones: string;
}) {
  const zones = useMemo(() => zoneOptions(current), [current]);
  return (
    <>
      <div className="cal-field cal-field--row">
        <Checkbox checked={form.allDay} onChange={(e) => set({ allDay: e.target.checked })}>
          {CalendarMsg.ALL_DAY}
        </Checkbox>
      </div>
      <div className="cal-field cal-field--when">
        <span className="cal-field__label">{CalendarMsg.FIELD_START}</span>
        <Input
          type="date"
          aria-label="开始日期"
          value={form.startDay}
          onChange={(e) => set(startDayChange(form, e.target.value))}
        />
        {!form.allDay && (
          <Input
            type="time"
            aria-label="开始时间"
            value={form.startTime}
            onChange={(e) => set({ startTime: e.target.value })}
          />
        )}
      </div>
      <div className="cal-field cal-field--when">
        <span className="cal-field__label">{CalendarMsg.FIELD_END}</span>
        <Input
          type="date"
          aria-label="结束日期"
          value={form.endDay}
          onChange={(e) => set({ endDay: e.target.value })}
        />
        {!form.allDay && (
          <Input
            type="time"
            aria-label="结束时间"
            value={form.endTime}
            onChange={(e) => set({ endTime: e.target.value })}
          />
        )}
      </div>
      {!form.allDay && (
        <div className="cal-field">
          <span className="cal-field__label">{CalendarMsg.FIELD_ZONE}</span>
          <Select
            aria-label={CalendarMsg.FIELD_ZONE}
            showSearch={{ optionFilterProp: 'label' }}
            value={form.tzid}
            options={zones}
            onChange={(tzid) => set({ tzid })}
          />
        </div>
      )}
    </>
  );
}

/** The Chinese calendar's date of the start day, when the event repeats by it (每年农历八月十五). */
function useLunarOfStart(form: EventForm) {
  const lunar = useQuery({
    queryKey: [...CALENDAR_KEY, 'days', form.startDay],
    queryFn: () => calendarCalls.days(form.startDay, addDays(form.startDay, 1)),
    enabled: form.repeat === 'lunar_yearly' && /^\d{4}-\d{2}-\d{2}$/.test(form.startDay),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
  return lunar.data?.days[0];
}

const askDelete = () =>
  new Promise<boolean>((resolve) =>
    confirm({
      title: CalendarMsg.CONFIRM_DELETE,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    }),
  );

/** Saving (create, or the changed fields) and deleting, each closing the dialog when it went. */
function useEditorActions(
  initial: EventForm,
  detail: CalendarEventDetail | null,
  writes: ReturnType<typeof useWrites>,
  onClose: () => void,
  setProblem: (p: string | null) => void,
) {
  const [busy, setBusy] = useState(false);
  // One request key per dialog: a retry of the same create is the same event.
  const [requestKey] = useState(writes.newRequestKey);
  const target = detail && {
    uid: detail.uid,
    versionCode: detail.version_code,
    recurrenceId: detail.recurrence_id,
  };
  const run = async (write: () => Promise<boolean>) => {
    setBusy(true);
    const ok = await write();
    setBusy(false);
    if (ok) onClose();
  };
  const save = (form: EventForm) => {
    const wrong = formProblem(form);
    if (wrong) {
      setProblem(wrong);
      return Promise.resolve();
    }
    if (!target) return run(() => writes.create(bodyOf(form), requestKey));
    const patch = patchOf(initial, form);
    return run(async () => Object.keys(patch).length === 0 || writes.update(target, patch));
  };
  const remove = () => (target ? run(() => writes.remove(target, askDelete)) : Promise.resolve());
  return { busy, save, remove };
}
