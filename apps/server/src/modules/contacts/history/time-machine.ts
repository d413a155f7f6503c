import {
  type Contact,
  type ContactChangeResult,
  ContactMsg,
  compareContacts,
  TIME_MACHINE_FOLD_MINUTES,
  type TimeMachineChange,
  type TimeMachineList,
  type TimeMachineNode,
} from '@phonecloud/shared';
import type { AppDeps } from '../../../http/context.js';
import { invalid } from '../../../http/errors.js';
import { changeBook, currentVersion } from '../book.js';
import { bodyOfDoc, type ContactBody, parseBody, sameBody, toContact } from '../doc.js';
import { ensureGroups } from '../groups.js';
import { type ContactRow, ContactsRepo } from '../repo.js';
import { contactOf } from '../service.js';

const FOLD_MS = TIME_MACHINE_FOLD_MINUTES * 60_000;

interface Diff {
  del: Map<number, ContactBody>;
  add: Map<number, ContactRow>;
  upd: Map<number, ContactBody>;
  rows: Map<number, ContactRow>;
}

/**
 * Folds the log into version nodes: a node opens at a change and takes the changes of the next
 * 10 minutes; the next change after that opens the next node. A node is the book as its last
 * change left it, and is listed at once: the state after the latest change is always a restore
 * point, so an import can be undone right after it (by recovering the node before it).
 */
export function foldNodes(
  times: ReadonlyArray<{ version: number; at: number; count: number }>,
  now: number,
): TimeMachineNode[] {
  const nodes: TimeMachineNode[] = [];
  let open: TimeMachineNode | null = null;
  for (const t of times) {
    if (open && t.at - open.start_time < FOLD_MS) {
      open.version_code = t.version;
      open.object_id = String(t.version);
      open.time = t.at;
      open.changes += t.count;
      continue;
    }
    open = {
      object_id: String(t.version),
      version_code: t.version,
      time: t.at,
      start_time: t.at,
      changes: t.count,
    };
    nodes.push(open);
  }
  // A clock set back leaves no node in the future.
  return nodes.filter((n) => n.start_time <= now);
}

/** Version nodes of the book, the difference to one of them, and going back to it. */
export class TimeMachineService {
  private readonly repo: ContactsRepo;
  constructor(private readonly deps: AppDeps) {
    this.repo = new ContactsRepo(deps.db);
  }

  private async nodes(repo: ContactsRepo, userId: number): Promise<TimeMachineNode[]> {
    const floor = Number((await repo.book(userId))?.log_floor ?? 0);
    return foldNodes(await repo.versionTimes(userId, floor), this.deps.clock.now());
  }

  async list(userId: number): Promise<TimeMachineList> {
    return {
      sync_version: await currentVersion(this.repo, userId),
      list: await this.nodes(this.repo, userId),
    };
  }

  private async node(repo: ContactsRepo, userId: number, objectId: string): Promise<TimeMachineNode> {
    const node = (await this.nodes(repo, userId)).find((n) => n.object_id === objectId.trim());
    if (!node) throw invalid(ContactMsg.TIME_MACHINE_NODE_GONE);
    return node;
  }

  /** How the current book differs from the book at `version`. */
  private async diff(repo: ContactsRepo, userId: number, version: number): Promise<Diff> {
    const ids = await repo.changedSince(userId, version);
    const [then, rows] = await Promise.all([repo.bodiesAt(userId, ids, version), repo.rows(userId, ids)]);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    const diff: Diff = { del: new Map(), add: new Map(), upd: new Map(), rows: byId };
    for (const id of ids) {
      const before = then.get(id);
      const row = byId.get(id);
      const nowBody = row && row.deleted_at === null ? bodyOfDoc(row.doc) : null;
      const thenBody = before ? parseBody(before) : null;
      if (thenBody && !nowBody) diff.del.set(id, thenBody);
      else if (!thenBody && nowBody && row) diff.add.set(id, row);
      else if (thenBody && nowBody && !sameBody(thenBody, nowBody)) diff.upd.set(id, thenBody);
    }
    return diff;
  }

  async change(userId: number, objectId: string): Promise<TimeMachineChange> {
    const node = await this.node(this.repo, userId, objectId);
    const diff = await this.diff(this.repo, userId, node.version_code);
    const list: Record<string, Contact> = {};
    const past = (id: number, body: ContactBody) => {
      list[String(id)] = toContact(id, Number(diff.rows.get(id)?.version_code ?? 0), body);
    };
    for (const [id, body] of diff.del) past(id, body);
    for (const [id, body] of diff.upd) past(id, body);
    for (const [id, row] of diff.add) list[String(id)] = contactOf(row);
    const order = (ids: Iterable<number>) =>
      [...ids]
        .map((id) => list[String(id)])
        .filter((c): c is Contact => c !== undefined)
        .sort(compareContacts)
        .map((c) => c.server_id);
    return {
      sync_version: await currentVersion(this.repo, userId),
      object_id: node.object_id,
      letter_index: { del: order(diff.del.keys()), add: order(diff.add.keys()), upd: order(diff.upd.keys()) },
      list,
    };
  }

  /**
   * Brings the book back to a node as one new change: deleted contacts return (from the bin, or
   * re-created under their id once purged), added ones go to the recycle bin, changed ones get
   * their old content. Being a change itself, it appears as a node and can be undone.
   */
  async recover(userId: number, objectId: string): Promise<ContactChangeResult> {
    const { result, syncVersion } = await changeBook(this.deps, userId, async (change) => {
      const node = await this.node(change.repo, userId, objectId);
      const diff = await this.diff(change.repo, userId, node.version_code);
      const back = [...diff.del, ...diff.upd];
      await ensureGroups(
        change,
        back.map(([, body]) => body),
        false,
      );
      for (const [id, body] of back) {
        if (diff.rows.has(id)) await change.update(id, body);
        else change.insert(id, body);
      }
      await change.toRecycleBin([...diff.add.keys()]);
      return [...back.map(([id]) => id), ...diff.add.keys()].map(String);
    });
    return { sync_version: syncVersion, server_ids: result };
  }
}
