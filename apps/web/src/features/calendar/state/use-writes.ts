import {
  CalendarCode,
  type CalendarCreate,
  CalendarMsg,
  type CalendarPatch,
  type CalendarScopeValue,
} from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isApiError, newRequestKey } from '../../../api';
import { toast } from '../../../components/toast';
import { calendarCalls } from '../api/calendar-calls';
import { CALENDAR_KEY, reloadRanges } from '../api/calendar-queries';
import { addDays, type Day } from '../dates/days';
import { addWallMinutes, wallMinutes } from '../dates/wall';
import { clock } from '../editor/event-form';
import type { Occurrence } from './model';

/** An event (or an instance of a series) a write names: its UID, version and occurrence. */
export interface WriteTarget {
  uid: string;
  versionCode: number;
  recurrenceId: string | null;
}

type AskScope = (kind: 'edit' | 'delete') => Promise<CalendarScopeValue | null>;

/** Runs a write: the success tip and the views read again, or the failure shown; answers whether it went. */
function useRun() {
  const qc = useQueryClient();
  return useCallback(
    async (call: () => Promise<unknown>, text: string): Promise<boolean> => {
      try {
        await call();
        toast.success(text);
        await reloadRanges(qc);
        await qc.invalidateQueries({ queryKey: [...CALENDAR_KEY, 'search'] });
        return true;
      } catch (error) {
        if (!isApiError(error) || error.kind === 'redirected') return false;
        toast.error(error.message);
        // Changed or deleted elsewhere: show what the server holds now.
        const gone = error.code === CalendarCode.STALE_VERSION || error.code === CalendarCode.NOT_FOUND;
        if (gone) await reloadRanges(qc);
        return false;
      }
    },
    [qc],
  );
}

/** The calendar's writes, with the series question, the reload after and the failure shown. */
export function useWrites(askScope: AskScope) {
  const run = useRun();

  const create = useCallback(
    (body: CalendarCreate, requestKey: string) =>
      run(() => calendarCalls.create(body, requestKey), CalendarMsg.SAVED),
    [run],
  );

  /** Asks "this / following / all" for an instance of a series; answers false when cancelled or refused. */
  const update = useCallback(
    async (t: WriteTarget, patch: CalendarPatch): Promise<boolean> => {
      const scope = t.recurrenceId ? await askScope('edit') : 'all';
      if (!scope) return false;
      const event = { ...patch };
      // One instance has no rule of its own.
      if (scope === 'this') delete event.repeat;
      const body = { uid: t.uid, version_code: t.versionCode, recurrence_id: t.recurrenceId ?? undefined };
      return run(() => calendarCalls.update({ ...body, scope, event }), CalendarMsg.SAVED);
    },
    [askScope, run],
  );

  /** A single event after `confirmed`; an instance of a series after the series question. */
  const remove = useCallback(
    async (t: WriteTarget, confirmed: () => Promise<boolean>): Promise<boolean> => {
      const scope = t.recurrenceId ? await askScope('delete') : (await confirmed()) ? 'all' : null;
      if (!scope) return false;
      const body = { uid: t.uid, version_code: t.versionCode, recurrence_id: t.recurrenceId ?? undefined };
      return run(() => calendarCalls.remove({ ...body, scope }), CalendarMsg.DELETED);
    },
    [askScope, run],
  );

  /** A drag moved an instance by days and minutes. */
  const move = useCallback(
    async (o: Occurrence, dayDelta: number, minuteDelta: number) =>
      update(target(o), await movePatch(o, dayDelta, minuteDelta)),
    [update],
  );
  /** A drag moved an instance's end to `endMin` of `day` (in the view's zone). */
  const resize = useCallback(
    async (o: Occurrence, day: Day, endMin: number) => update(target(o), await resizePatch(o, day, endMin)),
    [update],
  );

  return { create, update, remove, move, resize, newRequestKey };
}

export function target(o: Occurrence): WriteTarget {
  return { uid: o.uid, versionCode: o.versionCode, recurrenceId: o.recurrenceId };
}

/**
 * An instance moved by days and minutes. Its times are shifted as they are kept, in the event's
 * own zone (event.do answers them): a Tokyo meeting dragged an hour later stays a Tokyo meeting.
 */
export async function movePatch(
  o: Occurrence,
  dayDelta: number,
  minuteDelta: number,
): Promise<CalendarPatch> {
  if (o.allDay) {
    return { all_day: 1, start: addDays(o.firstDay, dayDelta), end: addDays(o.lastDay, dayDelta + 1) };
  }
  const kept = await calendarCalls.event(o.uid, o.recurrenceId);
  const shift = dayDelta * 1440 + minuteDelta;
  return { start: addWallMinutes(kept.start, shift), end: addWallMinutes(kept.end, shift) };
}

/** An instance whose end was dragged to `endMin` of `day` (in the view's zone). */
export async function resizePatch(o: Occurrence, day: Day, endMin: number): Promise<CalendarPatch> {
  const newEnd = endMin >= 1440 ? `${addDays(day, 1)}T00:00` : `${day}T${clock(endMin)}`;
  const kept = await calendarCalls.event(o.uid, o.recurrenceId);
  return { start: kept.start, end: addWallMinutes(kept.end, wallMinutes(o.end, newEnd)) };
}
