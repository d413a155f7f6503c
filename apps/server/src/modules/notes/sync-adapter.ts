import { type Note, type SyncChangeResult, SyncOutcome } from '@phonecloud/shared';
import { NoteChangeSchema as Change } from '@phonecloud/shared/api';
import type { z } from 'zod';
import type { Db } from '../../db/index.js';
import type { AppDeps } from '../../http/context.js';
import {
  atIndex,
  cursorOf,
  deleteOutcome,
  fullReload,
  idOf,
  makeCursor,
  notFoundAt,
  pageOf,
  type SyncAdapter,
  versionOf,
} from '../../platform/sync-adapter.js';
import { noteOfRow, parseDoc } from './doc.js';
import { NotesRepo } from './repo.js';
import { NotesService } from './service.js';

type ChangeT = z.output<typeof Change>;

async function placedIds(repo: NotesRepo, userId: number): Promise<Set<number>> {
  return new Set((await repo.members(userId)).map((m) => Number(m.note_id)));
}

/**
 * Notes: the notes service's save (with its conflict-copy rule: a stale version_code keeps the
 * cloud's note and saves the phone's text beside it) and its delete into the recycle bin.
 */
export const notesSync: SyncAdapter = {
  area: 'notes',
  change: Change,

  async pull(db: Db, { userId, anchor, cursor, limit }) {
    const repo = new NotesRepo(db);
    const book = await repo.book(userId);
    const current = Number(book?.sync_version ?? 0);
    const [to, after] = cursorOf(cursor, 2) ?? [current, 0];
    const placed = await placedIds(repo, userId);
    if (anchor === '') {
      const rows = await repo.aliveAfter(userId, after ?? 0, limit + 1);
      const page = rows.slice(0, limit);
      const more = rows.length > limit;
      return {
        anchor: String(to),
        cursor: more ? makeCursor(to ?? current, Number(page[page.length - 1]?.id ?? 0)) : null,
        more,
        full: true,
        items: page.map((r) => noteOfRow(r, placed.has(Number(r.id)))),
        deleted: [],
      };
    }
    const since = versionOf(anchor);
    if (since > current || since < Number(book?.log_floor ?? 0)) throw fullReload();
    const { page, more } = pageOf(
      (await repo.log.changedSince(userId, since)).map((r) => Number(r.note_id)),
      after ?? 0,
      limit,
    );
    const rows = new Map((await repo.notesByIds(userId, page)).map((r) => [Number(r.id), r]));
    const items: Note[] = [];
    const deleted: string[] = [];
    for (const id of page) {
      const row = rows.get(id);
      if (row && row.deleted_at === null) items.push(noteOfRow(row, placed.has(id)));
      else deleted.push(String(id));
    }
    return {
      anchor: String(to),
      cursor: more ? makeCursor(to ?? current, page[page.length - 1] ?? 0) : null,
      more,
      full: false,
      items,
      deleted,
    };
  },

  async size(db, userId) {
    return (await new NotesRepo(db).notes(userId, false)).length;
  },

  deletes: (changes) => (changes as ChangeT[]).filter((c) => c.op === 'delete').length,

  async apply(deps: AppDeps, userId: number, raw: readonly unknown[]) {
    const changes = raw as ChangeT[];
    const service = new NotesService(deps);
    const repo = new NotesRepo(deps.db);
    const results: SyncChangeResult[] = [];
    for (const [index, c] of changes.entries()) {
      results.push(await atIndex(index, () => applyChange(service, repo, userId, index, c)));
    }
    return { sync_version: await repo.syncVersion(userId), results };
  },
};

/** One change from the phone, at `index` of its batch. */
async function applyChange(
  service: NotesService,
  repo: NotesRepo,
  userId: number,
  index: number,
  c: ChangeT,
): Promise<SyncChangeResult> {
  if (c.op === 'create') {
    const saved = await service.save(userId, c.note);
    return {
      index,
      outcome: SyncOutcome.APPLIED,
      cid: c.cid,
      server_id: saved.server_id,
      version_code: saved.version_code,
    };
  }
  const id = idOf(c.server_id, index);
  const row = await repo.note(userId, id);
  if (!row) throw notFoundAt(index);
  if (c.op === 'delete') {
    return await deleteOutcome(index, c.server_id, row, c.version_code, async () => {
      const done = await service.delete(userId, new Map([[id, c.version_code]]));
      return done.sync_version;
    });
  }
  if (row.deleted_at !== null) {
    // Deleted in the cloud, edited on the phone: the phone's note comes back as a new one.
    const doc = parseDoc(row.doc);
    const saved = await service.save(userId, {
      title: doc.title,
      content: doc.content,
      remindtime: doc.remindtime,
      remind: doc.remind,
      classify: Number(row.classify),
      top: Number(row.top),
      ...c.note,
    });
    return {
      index,
      outcome: SyncOutcome.RECREATED,
      server_id: saved.server_id,
      version_code: saved.version_code,
      conflict_with: c.server_id,
    };
  }
  const saved = await service.save(userId, {
    ...c.note,
    server_id: c.server_id,
    version_code: c.version_code,
  });
  return saved.conflict
    ? {
        index,
        outcome: SyncOutcome.CONFLICT_COPY,
        server_id: saved.server_id,
        version_code: saved.version_code,
        conflict_with: c.server_id,
      }
    : {
        index,
        outcome: SyncOutcome.APPLIED,
        server_id: saved.server_id,
        version_code: saved.version_code,
      };
}
