import {
  CALENDAR_BIRTHDAYS_COLOR,
  CALENDAR_DEFAULT_COLOR,
  CALENDAR_ID_BIRTHDAYS,
  CALENDAR_ID_DEFAULT,
  type CalendarInfo,
  type CalendarList,
  CalendarMsg,
} from '@phonecloud/shared';
import type { AppDeps } from '../../../http/context.js';
import { CalendarPortalRepo } from './repo.js';

const DEFAULTS: ReadonlyArray<Omit<CalendarInfo, 'hidden'>> = [
  {
    id: CALENDAR_ID_DEFAULT,
    name: CalendarMsg.DEFAULT_CALENDAR,
    color: CALENDAR_DEFAULT_COLOR,
    read_only: 0,
  },
  {
    id: CALENDAR_ID_BIRTHDAYS,
    name: CalendarMsg.BIRTHDAYS_CALENDAR,
    color: CALENDAR_BIRTHDAYS_COLOR,
    read_only: 1,
  },
];

/**
 * The portal's calendars: the owner's one store (what phones and CalDAV clients share) and the
 * contacts' dates, read-only. The owner may give each a colour and hide it (stored per user).
 */
export class CalendarsService {
  private readonly repo: CalendarPortalRepo;
  constructor(private readonly deps: AppDeps) {
    this.repo = new CalendarPortalRepo(deps.db);
  }

  async list(userId: number): Promise<CalendarList> {
    const saved = new Map((await this.repo.settings(userId)).map((s) => [s.calendar_id, s]));
    return {
      calendars: DEFAULTS.map((c) => {
        const s = saved.get(c.id);
        return { ...c, color: s?.color ?? c.color, hidden: Number(s?.hidden ?? 0) === 1 ? 1 : 0 };
      }),
    };
  }

  async save(
    userId: number,
    calendarId: string,
    patch: { color?: string; hidden?: 0 | 1 },
  ): Promise<CalendarList> {
    const clean: { color?: string; hidden?: number } = {};
    if (patch.color !== undefined) clean.color = patch.color.toLowerCase();
    if (patch.hidden !== undefined) clean.hidden = patch.hidden;
    await this.repo.saveSetting(userId, calendarId, clean, this.deps.clock.now());
    return this.list(userId);
  }
}
