import { CalendarCode, CalendarMsg, DavMsg } from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import { NS } from '../../lib/dav-xml/index.js';
import {
  type Changes,
  type Conditions,
  checkConditions,
  type DavCollection,
  etagOf,
  type ItemData,
  type ItemMeta,
  uidOfName,
} from '../../platform/dav-collection.js';
import { DavError, davErrorOf, preconditionFailed } from '../../platform/dav-errors.js';
import { exportObject } from './export.js';
import { readCalendarObject } from './ics/read.js';
import { CalendarRepo, type EventRow } from './repo.js';
import { CalendarService, davNameOf } from './service.js';

const INVALID_OBJECT = { ns: NS.CALDAV, name: 'valid-calendar-data' };
const CODES = { stale: CalendarCode.STALE_VERSION, notFound: CalendarCode.NOT_FOUND };

/**
 * The calendar over the calendar store: objects are kept as the client sent them (one UID
 * each) by CalendarService, served as received or by the export's mapping (exportObject), and
 * its change log answers sync-collection. An object answers under the name its client PUT it
 * under (RFC 4918), else `<uid>.ics` (davNameOf).
 */
export class CalDavStore implements DavCollection {
  readonly area = 'calendar' as const;
  readonly contentType = 'text/calendar; charset=utf-8; component=vevent';
  private readonly repo: CalendarRepo;
  private readonly calendar: CalendarService;

  constructor(
    private readonly deps: AppDeps,
    private readonly userId: number,
  ) {
    this.repo = new CalendarRepo(deps.db);
    this.calendar = new CalendarService(deps);
  }

  private get prodid() {
    return `-//${this.deps.config.productName}//${CalendarMsg.EXPORT_TITLE}//ZH`;
  }

  /** The tag of what exportObject serves: a lunar event's changes with the year. */
  private etag(row: { version_code: number | string; lunar: string | null }): string {
    return etagOf(
      Number(row.version_code),
      row.lunar ? new Date(this.deps.clock.now()).getUTCFullYear() : null,
    );
  }

  async token(): Promise<number> {
    return Number((await this.repo.book(this.userId))?.sync_version ?? 0);
  }

  private meta(r: {
    uid: string;
    dav_name: string | null;
    version_code: number | string;
    updated_at: number | string;
    lunar: string | null;
  }) {
    return { name: davNameOf(r), etag: this.etag(r), lastModified: Number(r.updated_at) };
  }

  async list(): Promise<ItemMeta[]> {
    return (await this.repo.versions(this.userId)).map((r) => this.meta(r));
  }

  /** Objects with an instance in [start, end) (calendar-query's time-range). */
  async between(start: number, end: number): Promise<ItemMeta[]> {
    return (await this.repo.versionsBetween(this.userId, start, end)).map((r) => this.meta(r));
  }

  private render(row: EventRow): ItemData {
    const { text } = exportObject(row, this.prodid, this.deps.clock.now());
    return { ...this.meta(row), data: text };
  }

  /**
   * The events of these names, by name: those a client named so, and those of no name of their
   * own that `<uid>.ics` names (an event answers under its own name only). Two lookups, each on
   * its index: one query with "dav_name IS NULL" or an OR reads every event of the user instead.
   */
  private async named(names: readonly string[]): Promise<Map<string, EventRow>> {
    const wanted = new Set(names);
    const rows = [
      ...(await this.repo.byDavNames(this.userId, names)),
      ...(await this.repo.byUids(
        this.userId,
        names.map((n) => uidOfName('calendar', n)),
      )),
    ];
    return new Map(rows.filter((r) => wanted.has(davNameOf(r))).map((r) => [davNameOf(r), r]));
  }

  async fetch(names: readonly string[]): Promise<Map<string, ItemData>> {
    const rows = await this.named(names);
    return new Map([...rows].map(([name, r]) => [name, this.render(r)]));
  }

  async changes(since: number): Promise<Changes> {
    try {
      const delta = await this.calendar.davChangesSince(this.userId, since);
      return {
        token: delta.sync_version,
        changed: delta.changed.map((r) => this.meta(r)),
        gone: delta.gone,
      };
    } catch (err) {
      throw davErrorOf(err, CODES, INVALID_OBJECT);
    }
  }

  async put(
    name: string,
    body: Buffer,
    conditions: Conditions,
  ): Promise<{ created: boolean; etag: string | null }> {
    const row = (await this.named([name])).get(name);
    if (!checkConditions(conditions, row ? this.etag(row) : null)) throw preconditionFailed();
    const text = body.toString('utf8');
    let read: ReturnType<typeof readCalendarObject>;
    try {
      read = readCalendarObject(text);
    } catch (err) {
      throw davErrorOf(err, CODES, INVALID_OBJECT);
    }
    if (row && read.uid !== row.uid) throw new DavError(403, INVALID_OBJECT, DavMsg.UID_CHANGED);
    // The UID is another name's: one object per UID, under one name.
    if (!row && (await this.repo.byUid(this.userId, read.uid))) {
      throw new DavError(409, { ns: NS.CALDAV, name: 'no-uid-conflict' }, DavMsg.EVENT_UID_TAKEN);
    }
    let saved: { version_code: number };
    try {
      // The version seen above: a write in between is a stale one (412), never overwritten.
      saved = await this.calendar.put(this.userId, text, {
        versionCode: row ? Number(row.version_code) : 0,
        davName: name,
      });
    } catch (err) {
      throw davErrorOf(err, CODES, INVALID_OBJECT);
    }
    // The tag the listing will show, even when the object is served with what the export adds
    // (a zone's VTIMEZONE, a DTSTAMP, a lunar event's dates): without it a client counts the
    // event as changed here at its next sync, and one that deleted or edited it meanwhile
    // (vdirsyncer) brings it back or stops on a conflict that is none (docs/dav.md).
    return {
      created: !row,
      etag: this.etag({ version_code: saved.version_code, lunar: read.lunar ? 'lunar' : null }),
    };
  }

  async remove(name: string, conditions: Conditions): Promise<void> {
    const row = (await this.named([name])).get(name);
    if (!row) throw new DavError(404);
    if (!checkConditions(conditions, this.etag(row))) throw preconditionFailed();
    try {
      await this.calendar.remove(this.userId, row.uid, { versionCode: Number(row.version_code) });
    } catch (err) {
      throw davErrorOf(err, CODES, INVALID_OBJECT);
    }
  }
}
