import { z } from 'zod';
import {
  CALENDAR_BIN_IDS_MAX,
  CALENDAR_DEFAULT_TZID,
  CALENDAR_DESCRIPTION_MAX,
  CALENDAR_ID_BIRTHDAYS,
  CALENDAR_ID_DEFAULT,
  CALENDAR_LOCATION_MAX,
  CALENDAR_REMINDER_MAX_MINUTES,
  CALENDAR_REMINDERS_MAX,
  CALENDAR_REPEAT_COUNT_MAX,
  CALENDAR_REPEAT_INTERVAL_MAX,
  CALENDAR_SEARCH_LIMIT,
  CALENDAR_SEARCH_MAX_CHARS,
  CALENDAR_SUMMARY_MAX,
  CALENDAR_VIEW_TZID,
} from '../calendar/limits.js';
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

// --- The portal's calendar screens (the product's own calls; GETs take a query, POSTs JSON) ---

const calBad = { message: CalendarMsg.BAD_REQUEST };
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A day or a wall clock: 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm' (seconds allowed). */
const WHEN_RE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/;
const Day = z.string(calBad).regex(DAY_RE, { message: CalendarMsg.BAD_DATE });
const When = z.string(calBad).regex(WHEN_RE, { message: CalendarMsg.BAD_TIME });
/** An IANA zone name; the server refuses one the tz database does not know (BAD_ZONE). */
const Zone = z
  .string(calBad)
  .min(1, { message: CalendarMsg.BAD_ZONE })
  .max(64, { message: CalendarMsg.BAD_ZONE });
const Flag = z.union([z.literal(0), z.literal(1)], calBad);
const Uid = z.string(calBad).min(1, calBad).max(1000, calBad);
/** A RECURRENCE-ID as range.do answers it (the master's DTSTART form: a day, a wall clock, or UTC with Z). */
const RecurrenceId = z.string(calBad).min(10, calBad).max(40, calBad);
const Version = z.coerce.number<number | string>(calBad).int().min(0);

/** range.do: [start, end) days, at most CALENDAR_RANGE_MAX_DAYS apart; tz the view's zone. */
export const CalendarRangeQuery = z.object({
  start: Day,
  end: Day,
  tz: Zone.default(CALENDAR_VIEW_TZID),
});
/** days.do: [start, end) days. */
export const CalendarDaysQuery = z.object({ start: Day, end: Day });
/** event.do: an event, or one instance of a series when recurrence_id is given. */
export const CalendarEventQuery = z.object({ uid: Uid, recurrence_id: RecurrenceId.optional() });
/** search.do: q is trimmed; one Chinese character is a query. */
export const CalendarSearchQuery = z.object({
  q: z
    .string(calBad)
    .trim()
    .min(1, { message: CalendarMsg.SEARCH_EMPTY_QUERY })
    .max(CALENDAR_SEARCH_MAX_CHARS, calBad),
  limit: z.coerce
    .number<number | string>(calBad)
    .int()
    .min(1)
    .max(CALENDAR_SEARCH_LIMIT)
    .default(CALENDAR_SEARCH_LIMIT),
});
/** changes.do: the sync_version (and contacts_version) of the last range.do or changes.do. */
export const CalendarChangesQuery = z.object({ sync_version: Version, contacts_version: Version.optional() });
/** calendar_setting.do: a colour and/or hidden for one calendar. */
export const CalendarSettingBody = z.object({
  calendar_id: z.enum([CALENDAR_ID_DEFAULT, CALENDAR_ID_BIRTHDAYS], {
    message: CalendarMsg.UNKNOWN_CALENDAR,
  }),
  color: z
    .string(calBad)
    .regex(/^#[0-9a-fA-F]{6}$/, { message: CalendarMsg.BAD_COLOR })
    .optional(),
  hidden: Flag.optional(),
});

const Weekday = z.enum(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], { message: CalendarMsg.BAD_REPEAT });
/** The dialog's repeat rule (`CalendarRepeat`); `month_week` is taken from the start when absent. */
export const CalendarRepeatInput = z
  .object({
    freq: z.enum(['daily', 'weekly', 'monthly', 'yearly', 'lunar_yearly'], {
      message: CalendarMsg.BAD_REPEAT,
    }),
    interval: z.number(calBad).int().min(1).max(CALENDAR_REPEAT_INTERVAL_MAX).default(1),
    weekdays: z.array(Weekday).max(7).default([]),
    monthly_by: z.enum(['date', 'weekday'], { message: CalendarMsg.BAD_REPEAT }).default('date'),
    month_week: z
      .number(calBad)
      .int()
      .refine((n) => n === -1 || (n >= 1 && n <= 5), { message: CalendarMsg.BAD_REPEAT })
      .nullable()
      .default(null),
    until: Day.nullable().default(null),
    count: z.number(calBad).int().min(1).max(CALENDAR_REPEAT_COUNT_MAX).nullable().default(null),
  })
  .refine((r) => r.until === null || r.count === null, { message: CalendarMsg.BAD_REPEAT });
export type CalendarRepeatIn = z.input<typeof CalendarRepeatInput>;

const Reminder = z
  .number({ message: CalendarMsg.BAD_REMINDER })
  .int({ message: CalendarMsg.BAD_REMINDER })
  .min(0, { message: CalendarMsg.BAD_REMINDER })
  .max(CALENDAR_REMINDER_MAX_MINUTES, { message: CalendarMsg.BAD_REMINDER });

/**
 * An event's fields as the dialog writes them. All-day: start and end are days, end the day
 * after the last (as range.do answers). Else wall clocks in `tzid`. `reminders` are minutes
 * before the start (0 at the start; the dialog offers minutes, hours and days).
 */
const eventFields = {
  summary: z.string(calBad).trim().max(CALENDAR_SUMMARY_MAX, { message: CalendarMsg.SUMMARY_TOO_LONG }),
  location: z.string(calBad).trim().max(CALENDAR_LOCATION_MAX, { message: CalendarMsg.LOCATION_TOO_LONG }),
  description: z.string(calBad).max(CALENDAR_DESCRIPTION_MAX, { message: CalendarMsg.DESCRIPTION_TOO_LONG }),
  all_day: Flag,
  start: When,
  end: When,
  tzid: Zone,
  reminders: z.array(Reminder).max(CALENDAR_REMINDERS_MAX, { message: CalendarMsg.BAD_REMINDER }),
  repeat: CalendarRepeatInput.nullable(),
};

/** create.do: a new event in the owner's calendar (a new UID; phones and CalDAV get it at their next sync). */
export const CalendarCreateBody = z.object({
  summary: eventFields.summary.default(''),
  location: eventFields.location.default(''),
  description: eventFields.description.default(''),
  all_day: Flag.default(0),
  start: When,
  end: When,
  tzid: Zone.default(CALENDAR_DEFAULT_TZID),
  reminders: eventFields.reminders.default([]),
  repeat: eventFields.repeat.default(null),
});
export type CalendarCreate = z.input<typeof CalendarCreateBody>;

/** The fields an update changes: only those present (a drag sends start and end alone). */
export const CalendarEventPatch = z.object(eventFields).partial();
export type CalendarPatch = z.input<typeof CalendarEventPatch>;

/**
 * How much of a series a write to one instance touches: `this` the instance alone (an override,
 * or an EXDATE when deleting), `following` it and every later one (the series ends before it
 * with UNTIL; an update starts a new series under a new UID), `all` the whole series (an
 * instance's new start and end move every instance by the same shift). Without
 * `recurrence_id` the scope is `all`.
 */
export const CalendarScope = z.enum(['this', 'following', 'all'], { message: CalendarMsg.BAD_SCOPE });
export type CalendarScopeValue = z.output<typeof CalendarScope>;

/** update.do: version_code as range.do or event.do answered it; 1010 when the event changed since. */
export const CalendarUpdateBody = z.object({
  uid: Uid,
  version_code: Version,
  recurrence_id: RecurrenceId.optional(),
  scope: CalendarScope.default('all'),
  event: CalendarEventPatch,
});
export type CalendarUpdate = z.input<typeof CalendarUpdateBody>;

/** delete.do: a whole event (to the recycle bin), or `this` / `following` instances of a series. */
export const CalendarDeleteBody = z.object({
  uid: Uid,
  version_code: Version,
  recurrence_id: RecurrenceId.optional(),
  scope: CalendarScope.default('all'),
});
export type CalendarDelete = z.input<typeof CalendarDeleteBody>;
