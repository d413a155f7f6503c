import {
  formatSmsAddress,
  type SyncChangeResult,
  type SyncMessage,
  SyncMsg,
  SyncOutcome,
} from '@phonecloud/shared';
import { MessageChangeSchema as Change } from '@phonecloud/shared/api';
import type { z } from 'zod';
import type { Db } from '../../db/index.js';
import type { AppDeps } from '../../http/context.js';
import { invalid } from '../../http/errors.js';
import { atIndex, cursorOf, fullReload, makeCursor, type SyncAdapter } from '../../platform/sync-adapter.js';
import { type IncomingMessage, prepareBatch } from './incoming.js';
import { EVERYTHING, type MessageRow, SmsRepo } from './repo.js';
import { writePreparedKeys } from './store.js';

type ChangeT = z.output<typeof Change>;

const messageOf = (r: MessageRow): SyncMessage => ({
  server_id: String(r.id),
  address: r.address,
  body: r.body,
  date: Number(r.date),
  type: Number(r.type),
  read: Number(r.read) ? 1 : 0,
  locked: Number(r.locked) ? 1 : 0,
});

/** 'V.id': the box's sync_version and the newest message id the phone has. */
function smsAnchor(anchor: string): { version: number; lastId: number } {
  const m = /^(\d{1,15})\.(\d{1,15})$/.exec(anchor);
  if (!m) throw fullReload();
  return { version: Number(m[1]), lastId: Number(m[2]) };
}

/**
 * Messages accumulate from phones: a pull sends the messages added since the anchor's message id
 * and what the portal deleted, a push adds through the box's own store (a message the box has, by
 * its import key, is not added twice), and a phone's delete removes nothing from the cloud.
 */
export const smsSync: SyncAdapter = {
  area: 'sms',
  change: Change,

  async pull(db: Db, { userId, anchor, cursor, limit }) {
    const repo = new SmsRepo(db);
    const box = await repo.book(userId);
    const current = Number(box?.sync_version ?? 0);
    const from = anchor === '' ? { version: current, lastId: 0 } : smsAnchor(anchor);
    if (anchor !== '' && (from.version > current || from.version < Number(box?.log_floor ?? 0))) {
      throw fullReload();
    }
    const [to, after] = cursorOf(cursor, 2) ?? [current, from.lastId];
    const rows = await repo.messagesAfter(userId, after ?? 0, limit + 1);
    const page = rows.slice(0, limit);
    const more = rows.length > limit;
    const last = Number(page[page.length - 1]?.id ?? after);
    // What the portal deleted since the anchor (told once, on the first page): conversations by
    // their address, single messages of conversations still there as `{address}.{id}` (the
    // portal's full/{id} form; the phone drops the message whose id it holds, and reads anything
    // else as a conversation's address).
    let deleted: string[] = [];
    if (anchor !== '' && cursor === null && from.version < current) {
      const touched = (await repo.log.changedSince(userId, from.version))
        .map((c) => c.address)
        .filter((a) => a !== EVERYTHING);
      const left = new Set((await repo.conversationsOf(userId, touched)).map((c) => c.address));
      deleted = touched.filter((a) => !left.has(a));
      for (const m of await repo.messagesDeletedSince(userId, from.version)) {
        if (left.has(m.address)) deleted.push(`${m.address}.${m.id}`);
      }
    }
    return {
      anchor: `${to}.${last}`,
      cursor: more ? makeCursor(to ?? current, last) : null,
      more,
      full: anchor === '',
      items: page.map(messageOf),
      deleted,
    };
  },

  size: (db, userId) => new SmsRepo(db).countMessages(userId),

  // Never counted: a phone's delete of a message removes nothing.
  deletes: () => 0,

  async apply(deps: AppDeps, userId: number, raw: readonly unknown[]) {
    const changes = raw as ChangeT[];
    const results: SyncChangeResult[] = [];
    const incoming: IncomingMessage[] = [];
    const at: number[] = [];
    for (const [index, c] of changes.entries()) {
      if (c.op === 'delete') continue;
      await atIndex(index, async () => {
        if (!formatSmsAddress(c.address)) throw invalid(SyncMsg.CHANGE_INVALID);
      });
      incoming.push({
        address: c.address,
        body: c.body,
        date: c.date,
        type: c.type,
        read: c.read ?? 0,
        locked: c.locked ?? 0,
      });
      at.push(index);
    }
    // Each change's own key (prepareBatch drops repeats inside the batch; the box stores one).
    const keyed = new Map<number, string>();
    incoming.forEach((m, i) => {
      const one = prepareBatch([m])[0];
      if (one) keyed.set(at[i] ?? -1, one.key);
    });
    const prepared = prepareBatch(incoming);
    const repo = new SmsRepo(deps.db);
    const known = await repo.knownImportKeys(
      userId,
      prepared.map((p) => p.key),
    );
    const fresh = prepared.filter((p) => !known.has(p.key));
    // A text-only copy of a message the box has with pictures is not added either.
    const added = new Set(await writePreparedKeys(deps, userId, fresh));
    for (const [index, c] of changes.entries()) {
      if (c.op === 'delete') {
        results.push({ index, outcome: SyncOutcome.KEPT, server_id: c.server_id });
        continue;
      }
      const key = keyed.get(index);
      const isNew = key !== undefined && added.delete(key);
      results.push({
        index,
        outcome: isNew ? SyncOutcome.APPLIED : SyncOutcome.UNCHANGED,
        ...(c.cid ? { cid: c.cid } : {}),
      });
    }
    return { sync_version: await repo.syncVersion(userId), results };
  },
};
