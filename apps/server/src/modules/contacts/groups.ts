import {
  type ContactChangeResult,
  ContactMsg,
  checkGroupName,
  GROUP_MAX,
  GROUP_NAME_MAX,
} from '@phonecloud/shared';
import type { AppDeps } from '../../http/context.js';
import { invalid } from '../../http/errors.js';
import { type BookChange, changeBook, currentVersion } from './book.js';
import { bodyOfDoc, type ContactBody } from './doc.js';
import { notFound } from './errors.js';
import { type ContactRow, ContactsRepo } from './repo.js';

/**
 * Makes sure the groups a write names exist. `strict` (a user's own save) refuses with the
 * spec's limit text; otherwise (imports, restores) titles that cannot be created are dropped
 * from the bodies and answered, so the write goes on without them.
 */
export async function ensureGroups(
  change: BookChange,
  bodies: readonly ContactBody[],
  strict: boolean,
): Promise<string[]> {
  const dropped = await ensureGroupTitles(
    change,
    bodies.map((b) => b.content.group.map((g) => g.groupTitle)),
    strict,
  );
  if (dropped.length > 0) {
    for (const b of bodies) b.content.group = b.content.group.filter((g) => !dropped.includes(g.groupTitle));
  }
  return dropped;
}

/** `ensureGroups` for the titles alone; the caller removes the dropped titles from its contacts. */
export async function ensureGroupTitles(
  change: BookChange,
  titles: readonly (readonly string[])[],
  strict: boolean,
): Promise<string[]> {
  const existing = new Set((await change.repo.groups(change.userId)).map((g) => g.name));
  const missing = new Set<string>();
  for (const list of titles) {
    for (const t of list) if (!existing.has(t)) missing.add(t);
  }
  const room = Math.max(0, GROUP_MAX - existing.size);
  const tooLong = [...missing].filter((m) => m.length > GROUP_NAME_MAX);
  if (strict && tooLong.length > 0) throw invalid(ContactMsg.GROUP_NAME_TOO_LONG);
  const creatable = [...missing].filter((m) => m.length <= GROUP_NAME_MAX);
  if (strict && creatable.length > room) throw invalid(ContactMsg.GROUP_LIMIT);
  const created = creatable.slice(0, room);
  await change.repo.insertGroups(change.userId, created, change.now);
  return [...missing].filter((m) => !created.includes(m));
}

function withGroups(row: ContactRow, titles: (current: string[]) => string[]): ContactBody | null {
  const body = bodyOfDoc(row.doc);
  const before = body.content.group.map((g) => g.groupTitle);
  const after = titles(before);
  if (after.length === before.length && after.every((t, i) => t === before[i])) return null;
  body.content.group = after.map((groupTitle) => ({ groupTitle }));
  return body;
}

/** Group add, rename, delete and join: group rows plus the member contacts' group titles. */
export class GroupService {
  constructor(private readonly deps: AppDeps) {}

  private async names(change: BookChange) {
    return (await change.repo.groups(change.userId)).map((g) => g.name);
  }

  async add(userId: number, rawName: string): Promise<ContactChangeResult> {
    const name = rawName.trim();
    const { syncVersion } = await changeBook(this.deps, userId, async (change) => {
      const names = await this.names(change);
      const problem = checkGroupName(name, names);
      if (problem) throw invalid(problem);
      if (names.length >= GROUP_MAX) throw invalid(ContactMsg.GROUP_LIMIT);
      await change.repo.insertGroups(userId, [name], change.now);
    });
    return { sync_version: syncVersion, server_ids: [] };
  }

  /**
   * Renames a group. With `memberIds`, the group's members become exactly those contacts (the
   * edit dialog's selection); without, membership stays. Renaming to the same name with no
   * member list changes nothing, as the spec's dialog just closes.
   */
  async update(
    userId: number,
    oldName: string,
    rawName: string,
    memberIds: number[] | null,
  ): Promise<ContactChangeResult> {
    const from = oldName.trim();
    const to = rawName.trim();
    if (to === from && memberIds === null) {
      const repo = new ContactsRepo(this.deps.db);
      return { sync_version: await currentVersion(repo, userId), server_ids: [] };
    }
    const { result, syncVersion } = await changeBook(this.deps, userId, async (change) => {
      const names = await this.names(change);
      if (!names.includes(from)) throw invalid(ContactMsg.GROUP_NOT_FOUND);
      if (to !== from) {
        const problem = checkGroupName(to, names);
        if (problem) throw invalid(problem);
        await change.repo.renameGroup(userId, from, to);
      }
      const rows = await change.repo.aliveRows(userId);
      if (memberIds) {
        const alive = new Set(rows.map((r) => Number(r.id)));
        if (memberIds.some((id) => !alive.has(id))) throw notFound();
      }
      const members = memberIds ? new Set(memberIds) : null;
      const changed: string[] = [];
      for (const row of rows) {
        const id = Number(row.id);
        const body = withGroups(row, (titles) => {
          let next = titles.map((t) => (t === from ? to : t));
          next = next.filter((t, i) => next.indexOf(t) === i);
          const isMember = members ? members.has(id) : next.includes(to);
          if (isMember && !next.includes(to)) next.push(to);
          return isMember ? next : next.filter((t) => t !== to);
        });
        if (body) {
          await change.update(id, body);
          changed.push(String(id));
        }
      }
      return changed;
    });
    return { sync_version: syncVersion, server_ids: result };
  }

  /** Deletes a group; its members stay in the book, without the group. */
  async remove(userId: number, rawName: string): Promise<ContactChangeResult> {
    const name = rawName.trim();
    const { result, syncVersion } = await changeBook(this.deps, userId, async (change) => {
      if (!(await this.names(change)).includes(name)) throw invalid(ContactMsg.GROUP_NOT_FOUND);
      await change.repo.deleteGroup(userId, name);
      return this.rewrite(change, await change.repo.aliveRows(userId), (t) => t.filter((x) => x !== name));
    });
    return { sync_version: syncVersion, server_ids: result };
  }

  /** Adds contacts to groups (multi-select's join). */
  async join(userId: number, groupNames: string[], ids: number[]): Promise<ContactChangeResult> {
    const wanted = [...new Set(groupNames.map((g) => g.trim()).filter(Boolean))];
    if (wanted.length === 0) throw invalid(ContactMsg.GROUP_NOT_FOUND);
    if (ids.length === 0) throw invalid(ContactMsg.NONE_SELECTED);
    const { result, syncVersion } = await changeBook(this.deps, userId, async (change) => {
      const names = await this.names(change);
      if (wanted.some((g) => !names.includes(g))) throw invalid(ContactMsg.GROUP_NOT_FOUND);
      const rows = (await change.repo.rows(userId, ids)).filter((r) => r.deleted_at === null);
      if (rows.length !== new Set(ids).size) throw notFound();
      return this.rewrite(change, rows, (t) => [...t, ...wanted.filter((g) => !t.includes(g))]);
    });
    return { sync_version: syncVersion, server_ids: result };
  }

  private async rewrite(change: BookChange, rows: ContactRow[], titles: (t: string[]) => string[]) {
    const changed: string[] = [];
    for (const row of rows) {
      const body = withGroups(row, titles);
      if (!body) continue;
      await change.update(Number(row.id), body);
      changed.push(String(row.id));
    }
    return changed;
  }
}
