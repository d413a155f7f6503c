import { type SyncChangeResult, type SyncEvent, SyncMsg, SyncOutcome } from '@phonecloud/shared';
import { EventChangeSchema as Change } from '@phonecloud/shared/api';
import ICAL from 'ical.js';
import type { z } from 'zod';
import type { Db } from '../../db/index.js';
import type { AppDeps } from '../../http/context.js';
import { invalid } from '../../http/errors.js';
import { randomToken } from '../../lib/crypto.js';
import {
  atIndex,
  cursorOf,
  fullReload,
  makeCursor,
  notFoundAt,
  type SyncAdapter,
  versionOf,
} from '../../platform/sync-adapter.js';
import { readCalendarObject } from './ics/read.js';
import { CalendarRepo, type EventRow } from './repo.js';
import { CalendarService } from './service.js';

type ChangeT = z.output<typeof Change>;

const eventOf = (r: EventRow): SyncEvent => ({
  server_id: String(r.id),
  uid: r.uid,
  version_code: Number(r.version_code),
  ical: r.ical,
});

/**
 * The phone's text kept beside the cloud's event: a new UID (every component of the object:
 * overrides share their master's) and the copy mark after its summaries.
 */
export function conflictCopy(text: string, uidOf: string): { ical: string; uid: string } {
  const copyUid = `${uidOf}-conflict-${randomToken(6)}`;
  const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  for (const event of root.getAllSubcomponents('vevent')) {
    event.updatePropertyWithValue('uid', copyUid);
    const summary = event.getFirstPropertyValue('summary');
    event.updatePropertyWithValue(
      'summary',
      `${typeof summary === 'string' ? summary : ''}${SyncMsg.CONFLICT_SUFFIX}`,
    );
  }
  return { ical: `${root.toString()}\r\n`, uid: copyUid };
}

/**
 * The calendar: the store's put and remove (its reading of iCalendar, its change log). Edited
 * on both sides: the cloud's event stays and the phone's is kept as a copy (docs/sync.md).
 */
export const calendarSync: SyncAdapter = {
  area: 'calendar',
  change: Change,

  async pull(db: Db, { userId, anchor, cursor, limit }) {
    const repo = new CalendarRepo(db);
    const book = await repo.book(userId);
    const current = Number(book?.sync_version ?? 0);
    if (anchor === '') {
      // The whole calendar in the store's (start, id) order.
      const [to, start, after] = cursorOf(cursor, 3) ?? [current, 0, 0];
      const rows = await repo.page(
        userId,
        cursor === null ? null : { start: start ?? 0, id: after ?? 0 },
        limit + 1,
      );
      const page = rows.slice(0, limit);
      const more = rows.length > limit;
      const last = page[page.length - 1];
      return {
        anchor: String(to),
        cursor: more && last ? makeCursor(to ?? current, Number(last.start_at), Number(last.id)) : null,
        more,
        full: true,
        items: page.map(eventOf),
        deleted: [],
      };
    }
    const since = versionOf(anchor);
    if (since > current || since < Number(book?.log_floor ?? 0)) throw fullReload();
    const [to, after] = cursorOf(cursor, 2) ?? [current, 0];
    const touched = (await repo.log.changedSince(userId, since))
      .map((t) => ({ id: Number(t.event_id), uid: t.uid }))
      .filter((t) => t.id > (after ?? 0))
      .sort((a, b) => a.id - b.id);
    const page = touched.slice(0, limit);
    const more = touched.length > limit;
    const rows = new Map(
      (
        await repo.rows(
          userId,
          page.map((t) => t.id),
        )
      ).map((r) => [Number(r.id), r]),
    );
    const items: SyncEvent[] = [];
    const deleted: string[] = [];
    for (const t of page) {
      const row = rows.get(t.id);
      if (row) items.push(eventOf(row));
      // A UID deleted and written again since is a change (its new row is listed), not a deletion.
      else if (!(await repo.byUid(userId, t.uid))) deleted.push(t.uid);
    }
    return {
      anchor: String(to),
      cursor: more ? makeCursor(to ?? current, page[page.length - 1]?.id ?? 0) : null,
      more,
      full: false,
      items,
      deleted: [...new Set(deleted)],
    };
  },

  size: (db, userId) => new CalendarRepo(db).count(userId),

  deletes: (changes) => (changes as ChangeT[]).filter((c) => c.op === 'delete').length,

  async apply(deps: AppDeps, userId: number, raw: readonly unknown[]) {
    const changes = raw as ChangeT[];
    const service = new CalendarService(deps);
    const repo = new CalendarRepo(deps.db);
    const results: SyncChangeResult[] = [];
    for (const [index, c] of changes.entries()) {
      results.push(await atIndex(index, () => applyChange(service, repo, userId, index, c)));
    }
    return { sync_version: Number((await repo.book(userId))?.sync_version ?? 0), results };
  },
};

/** Whether an event of this UID was here and deleted (in the recycle bin, or in the change log). */
async function deletedHere(repo: CalendarRepo, userId: number, uid: string): Promise<boolean> {
  if ((await repo.binRows(userId, [uid])).length > 0) return true;
  return repo.uidLogged(userId, uid);
}

/** One change from the phone, at `index` of its batch. */
async function applyChange(
  service: CalendarService,
  repo: CalendarRepo,
  userId: number,
  index: number,
  c: ChangeT,
): Promise<SyncChangeResult> {
  if (c.op === 'delete') {
    const row = await repo.byUid(userId, c.uid);
    if (!row) return { index, outcome: SyncOutcome.UNCHANGED, uid: c.uid };
    if (Number(row.version_code) !== c.version_code) {
      // Changed in the cloud since the phone saw it: the edit wins over the delete.
      return {
        index,
        outcome: SyncOutcome.KEPT,
        uid: c.uid,
        version_code: Number(row.version_code),
      };
    }
    await service.remove(userId, c.uid, { versionCode: c.version_code });
    return { index, outcome: SyncOutcome.APPLIED, uid: c.uid };
  }
  const read = readCalendarObject(c.ical);
  if (c.op === 'edit' && read.uid !== c.uid) throw invalid(SyncMsg.CHANGE_INVALID);
  const cid = c.op === 'create' ? { cid: c.cid } : {};
  const row = await repo.byUid(userId, read.uid);
  if (!row && c.op === 'edit' && !(await deletedHere(repo, userId, read.uid))) {
    // An edit of an event this account never had (a stale or foreign UID): refused as docs/sync.md
    // says, not created.
    throw notFoundAt(index);
  }
  if (!row) {
    const saved = await service.put(userId, c.ical, { versionCode: 0 });
    const outcome = c.op === 'edit' ? SyncOutcome.RECREATED : SyncOutcome.APPLIED;
    return {
      index,
      outcome,
      ...cid,
      server_id: saved.server_id,
      uid: saved.uid,
      version_code: saved.version_code,
    };
  }
  if (row.ical === c.ical) {
    return {
      index,
      outcome: SyncOutcome.UNCHANGED,
      ...cid,
      server_id: String(row.id),
      uid: row.uid,
      version_code: Number(row.version_code),
    };
  }
  if (c.op === 'edit' && Number(row.version_code) === c.version_code) {
    const saved = await service.put(userId, c.ical, { versionCode: c.version_code });
    return {
      index,
      outcome: SyncOutcome.APPLIED,
      server_id: saved.server_id,
      uid: saved.uid,
      version_code: saved.version_code,
    };
  }
  // Written on both sides (or created on both with one UID): the cloud's stays, the phone's is copied.
  const copy = conflictCopy(c.ical, read.uid);
  const saved = await service.put(userId, copy.ical, { versionCode: 0 });
  return {
    index,
    outcome: SyncOutcome.CONFLICT_COPY,
    ...cid,
    server_id: saved.server_id,
    uid: saved.uid,
    version_code: saved.version_code,
    conflict_with: read.uid,
  };
}
