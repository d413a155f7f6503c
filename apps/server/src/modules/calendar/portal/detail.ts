import {
  CALENDAR_DEFAULT_TZID,
  CALENDAR_ID_DEFAULT,
  type CalendarEventDetail,
  CalendarMsg,
} from '@phonecloud/shared';
import ICAL from 'ical.js';
import type { AppDeps } from '../../../http/context.js';
import { invalid } from '../../../http/errors.js';
import { eventOf } from '../event-view.js';
import { lunarOfKey } from '../ics/lunar.js';
import { CalendarService } from '../service.js';
import { dayOf, dayText, parseWall, wallText } from './days-math.js';
import { IcsDoc, lineValueOf } from './ics-lines.js';
import { readTiming, stampWall, type Timing, zoned } from './patch.js';
import { repeatOf } from './repeat.js';
import { viewZone } from './zone-clock.js';

const shown = (t: Timing) => ({
  all_day: (t.form.allDay ? 1 : 0) as 0 | 1,
  start: t.form.allDay ? dayText(dayOf(t.startWall)) : wallText(t.startWall),
  end: t.form.allDay ? dayText(dayOf(t.endWall)) : wallText(t.endWall),
  tzid: t.form.tzid ?? CALENDAR_DEFAULT_TZID,
});

/** One event, or one instance of a series, in the dialog's terms. */
export class CalendarDetailService {
  private readonly store: CalendarService;
  constructor(deps: AppDeps) {
    this.store = new CalendarService(deps);
  }

  async detail(userId: number, uid: string, rid: string | undefined): Promise<CalendarEventDetail> {
    const row = await this.store.row(userId, uid);
    const event = eventOf(row);
    const doc = IcsDoc.of(row.ical);
    const master = doc.event(null) ?? doc.events()[0];
    if (!master) throw invalid(CalendarMsg.BAD_ICS);
    const masterTiming = zoned(readTiming(master));
    const recurring = Number(row.recurring) === 1;
    let timing = masterTiming;
    let texts = { summary: event.summary, location: event.location, description: event.description };
    let ridOut: string | null = null;
    if (rid !== undefined && recurring) {
      ridOut = rid;
      const own = doc.event(rid);
      if (own) {
        timing = zoned(readTiming(own));
        const o = event.overrides.find((x) => x.recurrence_id === rid);
        if (o) texts = { summary: o.summary, location: o.location, description: o.description };
      } else {
        const wall = parseWall(rid.replace(/Z$/, ''));
        if (wall === null) throw invalid(CalendarMsg.NO_INSTANCE);
        const start = rid.endsWith('Z')
          ? (viewZone(masterTiming.form.tzid ?? CALENDAR_DEFAULT_TZID)?.wallOf(wall) ?? wall)
          : wall;
        timing = {
          ...masterTiming,
          startWall: start,
          endWall: start + (masterTiming.endWall - masterTiming.startWall),
        };
      }
    }
    const ruleLine = master.props('RRULE')[0];
    const recur = ruleLine ? ICAL.Recur.fromString(lineValueOf(ruleLine)) : null;
    const until = recur?.until ? stampWall(recur.until.toICALString()) : null;
    const untilDay =
      until === null
        ? null
        : dayOf(
            recur?.until?.isDate || !masterTiming.form.tzid
              ? until
              : (viewZone(masterTiming.form.tzid)?.wallOf(until) ?? until),
          );
    const { repeat, editable } = repeatOf(recur, row.lunar !== null, masterTiming.startWall, untilDay);
    return {
      uid,
      version_code: Number(row.version_code),
      calendar_id: CALENDAR_ID_DEFAULT,
      read_only: 0,
      recurrence_id: ridOut,
      ...texts,
      ...shown(timing),
      reminders: event.reminders,
      repeat,
      rrule: event.rrule,
      repeat_editable: editable ? 1 : 0,
      lunar: row.lunar ? lunarOfKey(row.lunar) : null,
      series_start: recurring ? shown(masterTiming).start : null,
    };
  }
}
