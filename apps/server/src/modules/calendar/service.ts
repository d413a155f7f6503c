import {
  type CalendarBin,
  type CalendarBinRecovered,
  type CalendarChanges,
  CalendarCode,
  type CalendarEvent,
  CalendarMsg,
  type CalendarPoll,
  type CalendarSaveResult,
  Code,
} from '@phonecloud/shared';
import type { Db } from '../../db/index.js';
import type { AppDeps } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { eventOf } from './event-view.js';
import { lunarKey } from './ics/lunar.js';
import { type ReadObject, readCalendarObject } from './ics/read.js';
import { CalendarRepo, type EventRow } from './repo.js';

const stale = () => new AppError(CalendarCode.STALE_VERSION, CalendarMsg.STALE_VERSION);
const notFound = () => new AppError(CalendarCode.NOT_FOUND, CalendarMsg.NOT_FOUND);

/** A write's precondition: the version_code the writer last saw, or none (last writer wins). */
export interface WriteOptions {
  /** For an update, the event's current version_code; 0 for "must not exist yet". */
  versionCode?: number;
}

/** A put's options: its precondition, and the CalDAV name a client PUT a new event under. */
export interface PutOptions extends WriteOptions {
  davName?: string;
}

/** The name CalDAV serves an event under when no client chose one. */
export const defaultDavName = (uid: string) => `${uid}.ics`;

/** The name CalDAV serves an event under: the one its client PUT it under, else `<uid>.ics`. */
export const davNameOf = (row: { uid: string; dav_name: string | null }) =>
  row.dav_name ?? defaultDavName(row.uid);

/** What changed since a version as CalDAV's sync-collection answers it. */
export interface DavDelta {
  sync_version: number;
  changed: EventRow[];
  /** The names the events deleted since had (none of them names an event now). */
  gone: string[];
}

function indexOf(read: ReadObject) {
  return {
    uid: read.uid,
    ical: read.text,
    summary: read.summary,
    location: read.location,
    description: read.description,
    start_at: read.startAt,
    end_at: read.endAt,
    all_day: read.allDay ? 1 : 0,
    tzid: read.tzid,
    tzids: JSON.stringify(read.tzids),
    recurring: read.recurring ? 1 : 0,
    last_end_at: read.lastEndAt,
    lunar: read.lunar ? lunarKey(read.lunar) : null,
    size: Buffer.byteLength(read.text, 'utf8'),
  };
}

/**
 * The calendar store: events kept as the iCalendar text the phone sent (one UID each), indexed
 * for queries, and a change log behind every write so a phone sync or CalDAV pulls what changed.
 * Every write moves the book's sync_version and stamps the event's version_code with it.
 */
export class CalendarService {
  private readonly repo: CalendarRepo;
  constructor(private readonly deps: AppDeps) {
    this.repo = new CalendarRepo(deps.db);
  }

  /** Runs `fn` on the user's book in one transaction, at its next sync_version. */
  private change<T>(userId: number, fn: (repo: CalendarRepo, version: number, now: number) => Promise<T>) {
    const now = this.deps.clock.now();
    return this.deps.db.transaction().execute(async (trx: Db) => {
      const repo = new CalendarRepo(trx);
      await repo.ensureBook(userId, now);
      const version = await repo.bump(userId, now);
      return fn(repo, version, now);
    });
  }

  /**
   * Creates or replaces the event of the text's UID. An event keeps the name it was created
   * under: `davName` names a new one only.
   */
  async put(userId: number, ics: string, opts: PutOptions = {}): Promise<CalendarSaveResult> {
    const [result] = await this.putAll(userId, [{ ics, opts }]);
    return result as CalendarSaveResult;
  }

  /**
   * Several objects in one transaction at one sync_version (the portal's "this and following"
   * edit writes the cut series and the new one; an import writes its file's events), each checked
   * against its own version_code: one refused write refuses them all.
   */
  async putAll(
    userId: number,
    items: ReadonlyArray<{ ics: string; opts?: PutOptions }>,
  ): Promise<CalendarSaveResult[]> {
    const reads = items.map((i) => ({ read: readCalendarObject(i.ics), opts: i.opts ?? {} }));
    return this.change(userId, async (repo, version, now) => {
      const out: CalendarSaveResult[] = [];
      for (const { read, opts } of reads) out.push(await this.write(repo, userId, read, opts, version, now));
      return out;
    });
  }

  private async write(
    repo: CalendarRepo,
    userId: number,
    read: ReadObject,
    opts: PutOptions,
    version: number,
    now: number,
  ): Promise<CalendarSaveResult> {
    const row = await repo.byUid(userId, read.uid);
    if (opts.versionCode !== undefined && opts.versionCode !== Number(row?.version_code ?? 0)) throw stale();
    const fields = { ...indexOf(read), version_code: version, updated_at: now };
    let id: number;
    let davName: string | null;
    if (row) {
      id = Number(row.id);
      davName = row.dav_name;
      await repo.updateEvent(userId, id, fields);
    } else {
      id = await repo.allocate(userId, 1);
      davName = await newDavName(repo, userId, read.uid, id, opts.davName);
      await repo.insertEvent({ user_id: userId, id, created_at: now, dav_name: davName, ...fields });
    }
    await repo.log.record(userId, version, [{ event_id: id, uid: read.uid, dav_name: davName, at: now }]);
    return { sync_version: version, server_id: String(id), version_code: version, uid: read.uid };
  }

  async remove(userId: number, uid: string, opts: WriteOptions = {}): Promise<{ sync_version: number }> {
    return this.change(userId, async (repo, version, now) => {
      const row = await repo.byUid(userId, uid);
      if (!row) throw notFound();
      if (opts.versionCode !== undefined && opts.versionCode !== Number(row.version_code)) throw stale();
      // Into the recycle bin: whoever deleted it (a reset phone, a CalDAV client), the owner
      // can have it back for CALENDAR_BIN_KEEP_DAYS.
      await repo.putInBin(row, now);
      await repo.deleteEvent(userId, Number(row.id));
      await repo.log.record(userId, version, [
        { event_id: Number(row.id), uid, dav_name: row.dav_name, at: now },
      ]);
      return { sync_version: version };
    });
  }

  /** The recycle bin, newest deletion first. */
  async bin(userId: number): Promise<CalendarBin> {
    const [book, rows] = await Promise.all([this.repo.book(userId), this.repo.binList(userId)]);
    return {
      sync_version: Number(book?.sync_version ?? 0),
      list: rows.map((r) => {
        const { start, all_day, tzid } = eventOf(r);
        return { uid: r.uid, summary: r.summary, start, all_day, tzid, delete_time: Number(r.deleted_at) };
      }),
    };
  }

  /**
   * Puts bin entries back into the calendar as new writes (a phone or CalDAV client pulls them
   * at its next sync). An entry whose UID the calendar has again stays in the bin (`kept`).
   */
  async recover(userId: number, uids: readonly string[]): Promise<CalendarBinRecovered> {
    return this.change(userId, async (repo, version, now) => {
      const rows = await repo.binRows(userId, [...new Set(uids)]);
      const kept: string[] = [];
      const back: string[] = [];
      for (const row of rows) {
        if (await repo.byUid(userId, row.uid)) {
          kept.push(row.uid);
          continue;
        }
        const { deleted_at: _deletedAt, id: _oldId, ...event } = row;
        const id = await repo.allocate(userId, 1);
        // Back under the name it had, unless a client has put another event there since.
        const davName = await newDavName(repo, userId, row.uid, id, row.dav_name ?? undefined);
        await repo.insertEvent({ ...event, id, dav_name: davName, version_code: version, updated_at: now });
        await repo.log.record(userId, version, [{ event_id: id, uid: row.uid, dav_name: davName, at: now }]);
        back.push(row.uid);
      }
      await repo.dropFromBin(userId, back);
      return { sync_version: version, recovered: back.length, kept };
    });
  }

  /** Deletes bin entries for good: these UIDs, or the whole bin when `uids` is null. */
  async dropFromBin(userId: number, uids: readonly string[] | null): Promise<{ deleted: number }> {
    return { deleted: await this.repo.dropFromBin(userId, uids) };
  }

  /** The iCalendar text kept for a UID, as received. */
  async text(userId: number, uid: string): Promise<{ ical: string; version_code: number }> {
    const row = await this.repo.byUid(userId, uid);
    if (!row) throw notFound();
    return { ical: row.ical, version_code: Number(row.version_code) };
  }

  async syncVersion(userId: number): Promise<number> {
    return this.repo.syncVersion(userId);
  }

  /** The stored row of a UID (the portal's dialog reads its text and index), or 1011. */
  async row(userId: number, uid: string): Promise<EventRow> {
    const row = await this.repo.byUid(userId, uid);
    if (!row) throw notFound();
    return row;
  }

  /** The UIDs of these that the user has (an import tells new from replaced). */
  async existingUids(userId: number, uids: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.repo.byUids(userId, uids);
    return new Map(rows.map((r) => [r.uid, r.ical]));
  }

  async get(userId: number, serverId: number): Promise<CalendarEvent> {
    const row = await this.repo.byId(userId, serverId);
    if (!row) throw notFound();
    return eventOf(row);
  }

  async list(userId: number): Promise<CalendarEvent[]> {
    const out: CalendarEvent[] = [];
    for await (const page of this.pages(userId)) out.push(...page.map(eventOf));
    return out;
  }

  /** The user's events in start order, a page at a time (an export never reads all at once). */
  async *pages(userId: number): AsyncGenerator<EventRow[]> {
    let after: { start: number; id: number } | null = null;
    for (;;) {
      const page = await this.repo.page(userId, after);
      if (page.length === 0) return;
      const last = page[page.length - 1] as EventRow;
      after = { start: Number(last.start_at), id: Number(last.id) };
      yield page;
    }
  }

  /**
   * The events written or deleted since `since` (the rows of those that exist), or 1009 when
   * the log no longer reaches back that far.
   */
  private async delta(userId: number, since: number) {
    const book = await this.repo.book(userId);
    const current = Number(book?.sync_version ?? 0);
    if (since === current) return { current, rows: [], deleted: [] };
    if (since > current || since < Number(book?.log_floor ?? 0)) {
      throw new AppError(Code.FULL_RELOAD, CalendarMsg.FULL_RELOAD);
    }
    const touched = (await this.repo.log.changedSince(userId, since)).map((t) => ({
      id: Number(t.event_id),
      uid: t.uid,
      dav_name: t.dav_name,
    }));
    const rows = await this.repo.rows(
      userId,
      touched.map((t) => t.id),
    );
    const alive = new Set(rows.map((r) => Number(r.id)));
    return { current, rows, deleted: touched.filter((t) => !alive.has(t.id)) };
  }

  /** What changed since `since`, or 1009 when the log no longer reaches back that far. */
  async changesSince(userId: number, since: number): Promise<CalendarChanges> {
    const { current, rows, deleted } = await this.delta(userId, since);
    // A UID deleted and written again since is a change, not a deletion.
    const uids = new Set(rows.map((r) => r.uid));
    return {
      sync_version: current,
      list: rows.map(eventOf),
      del: [...new Set(deleted.filter((t) => !uids.has(t.uid)).map((t) => t.uid))],
    };
  }

  /** The same for the portal's polling: only the UIDs (the view reloads its range when any changed). */
  async pollSince(userId: number, since: number): Promise<Omit<CalendarPoll, 'contacts_version'>> {
    const { current, rows, deleted } = await this.delta(userId, since);
    const uids = [...new Set(rows.map((r) => r.uid))];
    const alive = new Set(uids);
    const del = [...new Set(deleted.filter((t) => !alive.has(t.uid)).map((t) => t.uid))];
    return { sync_version: current, changed: uids.length + del.length > 0 ? 1 : 0, uids, del };
  }

  /** The same for CalDAV: deletions by the name the event had, rows as stored. */
  async davChangesSince(userId: number, since: number): Promise<DavDelta> {
    const { current, rows, deleted } = await this.delta(userId, since);
    // A name deleted and put again since is a change, not a deletion.
    const names = new Set(rows.map(davNameOf));
    return {
      sync_version: current,
      changed: rows,
      gone: [...new Set(deleted.map(davNameOf))].filter((n) => !names.has(n)),
    };
  }

  /** The events and the recycle bin's (what the bin keeps still takes room). */
  async usageBytes(userId: number): Promise<number> {
    return (await this.repo.eventBytes(userId)) + (await this.repo.binBytes(userId));
  }
}

/**
 * The name a new (or recovered) event keeps: the one chosen for it by a client when that is not
 * `<uid>.ics` and no other event has it, else none (`<uid>.ics`) unless a client already named
 * another event so; then `<uid>-<id>.ics`, so no two events answer under one name.
 */
async function newDavName(
  repo: CalendarRepo,
  userId: number,
  uid: string,
  id: number,
  chosen: string | undefined,
): Promise<string | null> {
  const plain = defaultDavName(uid);
  if (chosen !== undefined && chosen !== plain && !(await repo.nameTaken(userId, chosen))) return chosen;
  return (await repo.nameTaken(userId, plain)) ? `${uid}-${id}.ics` : null;
}
