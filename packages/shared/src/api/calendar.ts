import { z } from 'zod';
import { CALENDAR_BIN_IDS_MAX } from '../calendar/limits.js';
import { CalendarMsg } from '../calendar/messages.js';
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

const binBad = { message: CalendarMsg.BIN_BAD_REQUEST };
/** A form field holding a JSON array (the portal's calls send form fields), or the array itself. */
const jsonField = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};

/** recycle_bin/recover.do and delete.do: `uids`, a JSON array of the bin entries' UIDs. */
export const CalendarBinUidsBody = z.object({
  uids: z.preprocess(
    jsonField,
    z
      .array(z.string(binBad).min(1, binBad).max(1000, binBad), binBad)
      .min(1, binBad)
      .max(CALENDAR_BIN_IDS_MAX, binBad),
  ),
});
