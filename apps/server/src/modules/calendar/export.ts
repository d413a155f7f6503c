import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  CALENDAR_EXPORT_KEEP_HOURS,
  CalendarApi,
  CalendarMsg,
  Code,
  calendarExportFileName,
  type ExportResult,
  RECYCLE_DAY_OFFSET_MINUTES,
} from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { BlobIndex } from '../../storage/blob-index.js';
import { CalendarFilesRepo } from './files-repo.js';
import { lunarOfKey } from './ics/lunar.js';
import { rawCalendar, rawText } from './ics/raw.js';
import type { IcalComponent } from './ics/time.js';
import { CALENDAR_TAIL, calendarHead, componentText, exportEvents, ownZones } from './ics/write.js';
import { ianaZone } from './ics/zones.js';
import { CalendarRepo, type EventRow } from './repo.js';
import { CalendarService } from './service.js';

const EXPORT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The TZIDs of an event's `tzids` column (a JSON array: a TZID may hold spaces). */
const zoneIds = (json: string): string[] => JSON.parse(json) as string[];

/** Counts a line that starts a property or component (the text is unfolded enough for that). */
const countLines = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

/** Whether exportObject serves the stored text as it is (see there). */
export function servedAsReceived(row: Pick<EventRow, 'ical' | 'tzids' | 'lunar'>): boolean {
  return (
    row.lunar === null &&
    countLines(row.ical, /^BEGIN:VEVENT\r?$/gm) === countLines(row.ical, /^DTSTAMP[;:]/gm) &&
    zoneIds(row.tzids).every(
      (id) => row.ical.includes(`\nTZID:${id}\r\n`) || row.ical.includes(`\nTZID:${id}\n`),
    )
  );
}

/**
 * One stored object as a calendar client is served it (CalDAV): the text as received when it
 * already is what the export would write of it (every VEVENT with its DTSTAMP, every zone it
 * names defined in it, no lunar date to spell in Gregorian dates), else the received text with
 * what the export adds: a DTSTAMP, the VTIMEZONE of a zone it names without defining it, a lunar
 * event's Gregorian dates. Everything the client sent is copied as it came (its calendar's own
 * properties, its zones, its events' lines). `year` is part of the answer's identity: a lunar
 * event's Gregorian dates move on with it.
 */
export function exportObject(
  row: Pick<EventRow, 'ical' | 'tzids' | 'lunar' | 'updated_at'>,
  prodid: string,
  now: number,
): { text: string; year: number | null } {
  if (servedAsReceived(row)) return { text: row.ical, year: null };
  const lunar = row.lunar ? lunarOfKey(row.lunar) : null;
  const raw = rawCalendar(row.ical);
  const has = (name: string) => raw.props.some((p) => p.toUpperCase().startsWith(`${name}:`));
  let text = 'BEGIN:VCALENDAR\r\n';
  if (!has('VERSION')) text += 'VERSION:2.0\r\n';
  if (!has('PRODID')) text += `PRODID:${prodid}\r\n`;
  text += rawText(raw.props);
  const own = ownZones(row.ical);
  for (const id of zoneIds(row.tzids)) {
    const zone = own.has(id) ? null : ianaZone(id);
    if (zone) text += componentText(zone);
  }
  for (const component of raw.components) if (component.name !== 'VEVENT') text += rawText(component.lines);
  text += exportEvents(row.ical, { updatedAt: Number(row.updated_at), lunar }, now).text;
  return { text: text + CALENDAR_TAIL, year: lunar ? new Date(now).getUTCFullYear() : null };
}

/** The whole calendar as one RFC 5545 file, kept CALENDAR_EXPORT_KEEP_HOURS for its download. */
export class CalendarExportService {
  private readonly repo: CalendarRepo;
  private readonly store: CalendarService;
  constructor(private readonly deps: AppDeps) {
    this.repo = new CalendarRepo(deps.db);
    this.store = new CalendarService(deps);
  }

  /**
   * A VTIMEZONE for every zone the events name: the tz database's for IANA names (current
   * rules), else the one the phone sent with the event.
   */
  private async zones(userId: number): Promise<IcalComponent[]> {
    const ids = new Set((await this.repo.zoneLists(userId)).flatMap(zoneIds));
    const out = new Map<string, IcalComponent>();
    const missing = new Set<string>();
    for (const id of [...ids].sort()) {
      const zone = ianaZone(id);
      if (zone) out.set(id, zone);
      else missing.add(id);
    }
    if (missing.size > 0) {
      for await (const page of this.store.pages(userId)) {
        for (const row of page) {
          if (!zoneIds(row.tzids).some((id) => missing.has(id))) continue;
          for (const [id, zone] of ownZones(row.ical)) {
            if (missing.delete(id)) out.set(id, zone);
          }
        }
        if (missing.size === 0) break;
      }
    }
    return [...out.values()];
  }

  /** The file's text, page by page in start order: a large calendar never sits in memory. */
  async *ics(userId: number, now: number): AsyncGenerator<Buffer> {
    const prodid = `-//${this.deps.config.productName}//${CalendarMsg.EXPORT_TITLE}//ZH`;
    let head = calendarHead(prodid, '日程', now);
    for (const zone of await this.zones(userId)) head += componentText(zone);
    yield Buffer.from(head, 'utf8');
    for await (const page of this.store.pages(userId)) {
      let text = '';
      for (const row of page) {
        const lunar = row.lunar ? lunarOfKey(row.lunar) : null;
        text += exportEvents(row.ical, { updatedAt: Number(row.updated_at), lunar }, now).text;
      }
      yield Buffer.from(text, 'utf8');
    }
    yield Buffer.from(CALENDAR_TAIL, 'utf8');
  }

  async export(userId: number): Promise<ExportResult> {
    const count = await this.repo.count(userId);
    if (count === 0) throw new AppError(Code.NOTHING_TO_EXPORT, CalendarMsg.EXPORT_EMPTY);
    const now = this.deps.clock.now();
    const stamp = new Date(now + RECYCLE_DAY_OFFSET_MINUTES * 60_000)
      .toISOString()
      .slice(0, 19)
      .replace(/[-:]/g, '')
      .replace('T', '_');
    const id = randomBytes(18).toString('base64url');
    // The file names its own time (LAST-MODIFIED), so its bytes are new: no unreferenced blob of
    // the same content can be collected between this write and the reference below.
    const blob = await this.deps.blobs.put(Readable.from(this.ics(userId, now)));
    await this.deps.db.transaction().execute(async (trx) => {
      await new CalendarFilesRepo(trx).insertFile({
        user_id: userId,
        id,
        blob_key: blob.key,
        name: calendarExportFileName(stamp),
        size: blob.size,
        created_at: now,
        expires_at: now + CALENDAR_EXPORT_KEEP_HOURS * 3600_000,
      });
      await new BlobIndex(trx).ref(trx, blob, now);
    });
    return { filePath: `${CalendarApi.exportFile}/${id}`, count };
  }

  /** An export file of this user that has not expired, or null (another user's ids too). */
  async open(userId: number, id: string): Promise<{ stream: Readable; size: number; name: string } | null> {
    if (!EXPORT_ID.test(id)) return null;
    const file = await new CalendarFilesRepo(this.deps.db).file(userId, id);
    if (!file || Number(file.expires_at) <= this.deps.clock.now()) return null;
    return { stream: await this.deps.blobs.get(file.blob_key), size: Number(file.size), name: file.name };
  }
}
