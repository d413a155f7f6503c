import { z } from 'zod';
import { SyncCid, SyncVersion } from './sync-change.js';

/** One event's iCalendar text in a sync push. */
const ICS_MAX = 1024 * 1024;
const EventUid = z.string().min(1).max(1000);

/** An event's change in a sync push: events are named by UID, not server id. */
export const EventChangeSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('create'), cid: SyncCid, ical: z.string().max(ICS_MAX) }),
  z.object({
    op: z.literal('edit'),
    uid: EventUid,
    /** The version_code the phone last pulled for this event. */
    version_code: SyncVersion,
    ical: z.string().max(ICS_MAX),
  }),
  z.object({ op: z.literal('delete'), uid: EventUid, version_code: SyncVersion }),
]);
export type EventChange = z.input<typeof EventChangeSchema>;

/** The export file's id in the path (`CalendarApi.exportFile`). */
export const CalendarFileParams = z.object({ id: z.string() });
