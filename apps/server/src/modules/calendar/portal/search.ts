import { CALENDAR_ID_DEFAULT, type CalendarSearchHit, type CalendarSearchResult } from '@phonecloud/shared';
import type { AppDeps } from '../../../http/context.js';
import { CalendarsService } from './calendars.js';
import { DAY_MS, dayOf, dayText, wallText } from './days-math.js';
import { expandSeries } from './expand.js';
import { fillIndex } from './indexing.js';
import { CalendarPortalRepo } from './repo.js';
import { cachedSeries, instantOf } from './series.js';
import { type ViewZone, viewZone } from './zone-clock.js';

const likeEscape = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);
// A series is shown at its next instance within this long, else at its first.
const NEXT_WITHIN_MS = 400 * DAY_MS;

/**
 * Events whose title, place or description holds the query, one or two Chinese characters
 * included: a substring match (LIKE) over the columns kept beside each event's text, newest first.
 */
export class CalendarSearchService {
  private readonly repo: CalendarPortalRepo;
  constructor(private readonly deps: AppDeps) {
    this.repo = new CalendarPortalRepo(deps.db);
  }

  async search(userId: number, q: string, limit: number, tz: string): Promise<CalendarSearchResult> {
    await fillIndex(this.repo, userId);
    const view = viewZone(tz) as ViewZone;
    const rows = await this.repo.search(userId, `%${likeEscape(q.toLowerCase())}%`, limit + 1);
    const { calendars } = await new CalendarsService(this.deps).list(userId);
    const color = calendars.find((c) => c.id === CALENDAR_ID_DEFAULT)?.color ?? '';
    const now = this.deps.clock.now();
    const list: CalendarSearchHit[] = [];
    for (const r of rows.slice(0, limit)) {
      const s = cachedSeries(userId, { ...r, id: Number(r.id), version_code: Number(r.version_code) });
      if (!s) continue;
      const next = s.recurring ? expandSeries(s, now, now + NEXT_WITHIN_MS, view)[0] : undefined;
      const exact = s.placement.kind !== 'view' && !s.allDay;
      const startWall = next?.startWall ?? s.startWall;
      const endWall = next?.endWall ?? s.startWall + s.length;
      const startAt = next?.startAt ?? instantOf(s.startWall, s.placement, view);
      const endAt = next?.endAt ?? (exact ? startAt + s.length : instantOf(endWall, s.placement, view));
      const shown = (wall: number, at: number) =>
        s.allDay ? dayText(dayOf(wall)) : exact ? wallText(view.wallOf(at)) : wallText(wall);
      list.push({
        uid: r.uid,
        summary: r.summary,
        location: r.location ?? '',
        start: shown(startWall, startAt),
        end: shown(endWall, endAt),
        all_day: s.allDay ? 1 : 0,
        recurring: s.recurring ? 1 : 0,
        calendar_id: CALENDAR_ID_DEFAULT,
        color,
      });
    }
    return { list, more: rows.length > limit ? 1 : 0 };
  }
}
