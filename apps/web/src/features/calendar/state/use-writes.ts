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
import { calendarCalls, viewZone } from '../api/calendar-calls';
import { CALENDAR_KEY, reloadRanges } from '../api/calendar-queries';
import { addDays, type Day } from '../dates/days';
import { wallIn, wallMinutes } from '../dates/wall';
import { clock } from '../editor/event-form';
import type { Occurrence } from './model';

/** An event (or an instance of a series) a write names: its UID, version and occurrence. */
export interface WriteTarget {
  uid: string;
  versionCode: number;
  recurrenceId: string | null;
}

type AskScope = (kind: 'edit' | 'delete') => Promise<CalendarScopeValue | null>;

/** The calendar's writes, with the series question, the reload after and the failure shown. */
export function useWrites(askScope: AskScope) {
  const qc = useQueryClient();

  const done = useCallback(
    async (text: string) => {
      toast.success(text);
      await reloadRanges(qc);
      await qc.invalidateQueries({ queryKey: [...CALENDAR_KEY, 'search'] });
    },
    [qc],
  );

  const failed = useCallback(
    async (error: unknown) => {
      if (!isApiError(error) || error.kind === 'redirected') return;
      toast.error(error.message);
      // Changed or deleted elsewhere: show what the server holds now.
      if (error.code === CalendarCode.STALE_VERSION || error.code === CalendarCode.NOT_FOUND)
        await reloadRanges(qc);
    },
    [qc],
  );

  const create = useCallback(
    async (body: CalendarCreate, requestKey: string): Promise<boolean> => {
      try {
        await calendarCalls.create(body, requestKey);
        await done(CalendarMsg.SAVED);
        return true;
      } catch (error) {
        await failed(error);
        return false;
      }
    },
    [done, failed],
  );

  /** Asks "this / following / all" for an instance of a series; answers false when cancelled or refused. */
  const update = useCallback(
    async (t: WriteTarget, patch: CalendarPatch, scopeOf?: CalendarScopeValue): Promise<boolean> => {
      let scope: CalendarScopeValue = 'all';
      if (t.recurrenceId) {
        const chosen = scopeOf ?? (await askScope('edit'));
        if (!chosen) return false;
        scope = chosen;
      }
      const event = { ...patch };
      // One instance has no rule of its own.
      if (scope === 'this') delete event.repeat;
      try {
        await calendarCalls.update({
          uid: t.uid,
          version_code: t.versionCode,
          recurrence_id: t.recurrenceId ?? undefined,
          scope,
          event,
        });
        await done(CalendarMsg.SAVED);
        return true;
      } catch (error) {
        await failed(error);
        return false;
      }
    },
    [askScope, done, failed],
  );

  const remove = useCallback(
    async (t: WriteTarget, confirmed: () => Promise<boolean>): Promise<boolean> => {
      let scope: CalendarScopeValue = 'all';
      if (t.recurrenceId) {
        const chosen = await askScope('delete');
        if (!chosen) return false;
        scope = chosen;
      } else if (!(await confirmed())) return false;
      try {
        await calendarCalls.remove({
          uid: t.uid,
          version_code: t.versionCode,
          recurrence_id: t.recurrenceId ?? undefined,
          scope,
        });
        await done(CalendarMsg.DELETED);
        return true;
      } catch (error) {
        await failed(error);
        return false;
      }
    },
    [askScope, done, failed],
  );

  /** A drag moved an instance by days and minutes: its times shifted in its own zone. */
  const move = useCallback(
    (o: Occurrence, dayDelta: number, minuteDelta: number) => {
      if (o.allDay) {
        return update(target(o), {
          all_day: 1,
          start: addDays(o.firstDay, dayDelta),
          end: addDays(o.lastDay, dayDelta + 1),
        });
      }
      const shift = (dayDelta * 1440 + minuteDelta) * 60_000;
      const zone = o.tzid ?? viewZone();
      return update(target(o), {
        start: wallIn(o.startAt + shift, zone),
        end: wallIn(o.endAt + shift, zone),
      });
    },
    [update],
  );

  /** A drag moved an instance's end to `endMin` of `day` (in the view's zone). */
  const resize = useCallback(
    (o: Occurrence, day: Day, endMin: number) => {
      const newEnd = endMin >= 1440 ? `${addDays(day, 1)}T00:00` : `${day}T${clock(endMin)}`;
      const shift = wallMinutes(o.end, newEnd) * 60_000;
      const zone = o.tzid ?? viewZone();
      return update(target(o), { start: wallIn(o.startAt, zone), end: wallIn(o.endAt + shift, zone) });
    },
    [update],
  );

  return { create, update, remove, move, resize, newRequestKey };
}

export function target(o: Occurrence): WriteTarget {
  return { uid: o.uid, versionCode: o.versionCode, recurrenceId: o.recurrenceId };
}
