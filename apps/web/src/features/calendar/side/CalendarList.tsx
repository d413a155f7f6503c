import { CALENDAR_COLORS, type CalendarInfo, CalendarMsg } from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Checkbox } from 'antd';
import { useRef, useState } from 'react';
import { isApiError } from '../../../api';
import { toast } from '../../../components/toast';
import { calendarCalls } from '../api/calendar-calls';
import { calendarsQuery, reloadRanges } from '../api/calendar-queries';
import { saveQueue } from '../state/save-queue';

/**
 * The calendars: the owner's (what phones and CalDAV clients sync) and the contacts' birthdays
 * and anniversaries (read-only), each with its colour and a box that shows or hides it.
 */
type Setting = { color?: string; hidden?: 0 | 1 };

export function CalendarList({ calendars }: { calendars: CalendarInfo[] }) {
  const qc = useQueryClient();
  const [picking, setPicking] = useState<string | null>(null);
  const enqueue = useRef(saveQueue()).current;
  // What the owner set and the server has not answered yet, shown in the list until it has: the
  // query cache tells its readers a tick later, and until then React put the box back as it was
  // (a quick second click read the old state).
  const [pending, setPending] = useState<ReadonlyMap<string, Setting>>(new Map());
  const change = (id: string, setting: Setting) => {
    setPending((p) => new Map(p).set(id, { ...p.get(id), ...setting }));
    // Shown at once; the server's answer (or a reload after a refusal) settles it.
    qc.setQueryData(calendarsQuery.queryKey, (list) =>
      list ? { calendars: list.calendars.map((c) => (c.id === id ? { ...c, ...setting } : c)) } : list,
    );
    const settled = enqueue(
      id,
      () => calendarCalls.setting(id, setting),
      async (list) => {
        qc.setQueryData(calendarsQuery.queryKey, list);
        await reloadRanges(qc);
      },
      async (error) => {
        if (isApiError(error) && error.kind !== 'redirected') toast.error(error.message);
        await qc.invalidateQueries({ queryKey: calendarsQuery.queryKey });
      },
    );
    void settled.then((last) => {
      if (!last) return;
      setPending((p) => {
        const next = new Map(p);
        next.delete(id);
        return next;
      });
    });
  };
  return (
    <section className="cal-calendars" aria-labelledby="cal-calendars-title">
      <h2 id="cal-calendars-title" className="cal-side__title">
        我的日历
      </h2>
      <ul>
        {calendars.map((listed) => {
          const c = { ...listed, ...pending.get(listed.id) };
          return (
            <li key={c.id} className="cal-calendars__item">
              <Checkbox
                checked={c.hidden === 0}
                aria-label={`${c.hidden === 0 ? CalendarMsg.HIDE_CALENDAR : CalendarMsg.SHOW_CALENDAR} ${c.name}`}
                onChange={(e) => change(c.id, { hidden: e.target.checked ? 0 : 1 })}
                style={{ '--cal-color': c.color } as React.CSSProperties}
                className="cal-calendars__check"
              >
                <span className="cal-calendars__name">{c.name}</span>
                {c.read_only === 1 && <span className="cal-calendars__ro">只读</span>}
              </Checkbox>
              <button
                type="button"
                className="cal-calendars__color"
                aria-label={`更改${c.name}的颜色`}
                aria-expanded={picking === c.id}
                style={{ background: c.color }}
                onClick={() => setPicking((p) => (p === c.id ? null : c.id))}
              />
              {picking === c.id && (
                <div className="cal-colors" role="radiogroup" aria-label={`${c.name}的颜色`}>
                  {CALENDAR_COLORS.map((color) => (
                    // biome-ignore lint/a11y/useSemanticElements: a swatch, not a form's radio.
                    <button
                      key={color}
                      type="button"
                      role="radio"
                      aria-checked={color === c.color}
                      aria-label={color}
                      className="cal-colors__swatch"
                      style={{ background: color }}
                      onClick={() => {
                        setPicking(null);
                        change(c.id, { color });
                      }}
                    />
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
