import {
  Code,
  HeldStatus,
  type HeldStatusValue,
  isMassDeletion,
  SYNC_BATCH_KEEP_DAYS,
  SYNC_GUARD_WINDOW_MS,
  SYNC_HELD_KEEP_DAYS,
  type SyncArea,
  SyncCode,
  type SyncHeld,
  type SyncHeldDecision,
  type SyncHeldInfo,
  type SyncHeldList,
  SyncMsg,
  SyncOutcome,
  type SyncPullPage,
  type SyncPushResult,
} from '@phonecloud/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AppDeps } from '../../../http/context.js';
import { AppError } from '../../../http/errors.js';
import { randomToken } from '../../../lib/crypto.js';
import type { AppModule } from '../../../platform/app-module.js';
import type { Applied, SyncAdapter } from '../../../platform/sync-adapter.js';
import { DevicesRepo } from '../repo.js';
import type { DeviceAuth } from '../service.js';
import { nestedDb } from './nested.js';
import { type HeldRow, SyncRepo } from './repo.js';

/** The served areas' sync adapters (their AppModules' `sync` slots), by area. */
export type SyncAdapters = ReadonlyMap<SyncArea, SyncAdapter>;

export function syncAdaptersOf(modules: readonly AppModule[]): SyncAdapters {
  return new Map(modules.flatMap((m) => (m.sync ? [[m.sync.area, m.sync] as const] : [])));
}

const DAY_MS = 24 * 60 * 60_000;

export interface PullInput {
  area: SyncArea;
  anchor?: string;
  cursor?: string;
  limit: number;
}
export interface PushInput {
  area: SyncArea;
  batch_id: string;
  changes: unknown[];
  pending_deletes?: number;
}

/**
 * A held batch as the phone and the owner see it: this round's deletes (the batch's and those the
 * phone said are to come) of the book as it is now; the hour's earlier deletes the guard also
 * counted are not the owner's question.
 */
const heldInfo = (row: HeldRow): SyncHeldInfo => ({
  held_id: row.id,
  area: row.area as SyncArea,
  batch_id: row.batch_id,
  status: Number(row.status) as HeldStatusValue,
  deletes: Number(row.deletes) - Number(row.earlier ?? 0),
  total: Number(row.total) - Number(row.earlier ?? 0),
});

/** Pull, push (one transaction per batch, once per batch id), the guard, and the owner's decisions. */
export class SyncService {
  constructor(
    private readonly deps: AppDeps,
    private readonly adapters: SyncAdapters,
  ) {}

  /** The adapter of an area this server syncs; any other area is refused as unknown. */
  adapter(area: SyncArea): SyncAdapter {
    const adapter = this.adapters.get(area);
    if (!adapter) throw new AppError(Code.INVALID, SyncMsg.AREA_INVALID);
    return adapter;
  }

  async pull(d: DeviceAuth, input: PullInput): Promise<SyncPullPage> {
    const repo = new SyncRepo(this.deps.db);
    const area = this.adapter(input.area);
    const anchor = input.anchor ?? (await repo.anchor(d.userId, d.deviceId, input.area)) ?? '';
    const page = await area.pull(this.deps.db, {
      userId: d.userId,
      anchor,
      cursor: input.cursor ?? null,
      limit: input.limit,
    });
    // The anchor the phone sent: it holds everything up to it.
    await repo.touchAnchor(d.userId, d.deviceId, input.area, { anchor, pulled_at: this.deps.clock.now() });
    return { area: input.area, ...page } as SyncPullPage;
  }

  /**
   * A batch in one transaction: its id first (a resend answers the first result), then the
   * guard, then the area's changes. Held: stored whole and answered 1020 once committed.
   */
  async push(d: DeviceAuth, input: PushInput): Promise<SyncPushResult> {
    const area = this.adapter(input.area);
    const now = this.deps.clock.now();
    let outcome: { result: SyncPushResult } | { held: HeldRow };
    try {
      outcome = await this.deps.db.transaction().execute((trx) => this.pushIn(trx, area, d, input, now));
    } catch (err) {
      // The same batch sent twice at once: the second finds the first's row once it committed.
      if (err instanceof AppError) throw err;
      const prior = await new SyncRepo(this.deps.db).batch(d.userId, d.deviceId, input.batch_id);
      if (!prior) throw err;
      outcome = await this.replay(new SyncRepo(this.deps.db), d.userId, prior);
    }
    if ('held' in outcome) throw new AppError(SyncCode.HELD, SyncMsg.HELD, heldInfo(outcome.held));
    return outcome.result;
  }

  /** One push inside its transaction: a replay, a held batch, or the area's changes applied. */
  private async pushIn(
    trx: Transaction<Database>,
    area: SyncAdapter,
    d: DeviceAuth,
    input: PushInput,
    now: number,
  ): Promise<{ result: SyncPushResult } | { held: HeldRow }> {
    const repo = new SyncRepo(trx);
    const prior = await repo.batch(d.userId, d.deviceId, input.batch_id);
    if (prior) return this.replay(repo, d.userId, prior);
    const held = await this.holdIfGuarded(trx, repo, area, d, input, now);
    if (held) return { held };
    const applied = await area.apply({ ...this.deps, db: nestedDb(trx) }, d.userId, input.changes);
    const result: SyncPushResult = {
      area: input.area,
      batch_id: input.batch_id,
      sync_version: applied.sync_version,
      results: applied.results,
      replayed: false,
    };
    await repo.insertBatch({
      user_id: d.userId,
      device_id: d.deviceId,
      batch_id: input.batch_id,
      area: input.area,
      status: HeldStatus.APPLIED,
      held_id: null,
      deletes: countDeletes(input.changes, applied),
      result: JSON.stringify(result),
      created_at: now,
      applied_at: now,
    });
    await repo.touchAnchor(d.userId, d.deviceId, input.area, { pushed_at: now });
    return { result };
  }

  /**
   * The guard: a batch whose deletes, with the phone's recent and announced ones, pass the share
   * of the area's size is stored whole as held instead of applied.
   */
  private async holdIfGuarded(
    trx: Transaction<Database>,
    repo: SyncRepo,
    area: SyncAdapter,
    d: DeviceAuth,
    input: PushInput,
    now: number,
  ): Promise<HeldRow | null> {
    const deletes = area.deletes(input.changes);
    if (deletes > 0) {
      const since = now - SYNC_GUARD_WINDOW_MS;
      const recent = await repo.recentDeletes(d.userId, d.deviceId, input.area, since);
      const approved = await repo.approvedDeletes(d.userId, d.deviceId, input.area, since);
      const total = (await area.size(trx, d.userId)) + recent;
      // This batch's deletes, the phone's recent ones and those it says are still to come;
      // a round the owner approved is not held again.
      const counted = deletes + recent + (input.pending_deletes ?? 0);
      if (isMassDeletion(counted, total) && counted > approved) {
        const held: HeldRow = {
          user_id: d.userId,
          id: randomToken(12),
          device_id: d.deviceId,
          area: input.area,
          batch_id: input.batch_id,
          changes: JSON.stringify(input.changes),
          deletes: counted,
          batch_deletes: deletes,
          total,
          earlier: recent,
          status: HeldStatus.HELD,
          created_at: now,
          decided_at: null,
        };
        await repo.insertHeld(held);
        await repo.insertBatch({
          user_id: d.userId,
          device_id: d.deviceId,
          batch_id: input.batch_id,
          area: input.area,
          status: HeldStatus.HELD,
          held_id: held.id,
          deletes: 0,
          result: null,
          created_at: now,
          applied_at: null,
        });
        return held;
      }
    }
    return null;
  }

  /** A batch id seen before: its first answer, or its held state. */
  private async replay(
    repo: SyncRepo,
    userId: number,
    prior: { status: number; held_id: string | null; result: string | null },
  ): Promise<{ result: SyncPushResult } | { held: HeldRow }> {
    if (Number(prior.status) === HeldStatus.APPLIED && prior.result) {
      return { result: { ...(JSON.parse(prior.result) as SyncPushResult), replayed: true } };
    }
    const held = prior.held_id ? await repo.held(userId, prior.held_id) : undefined;
    if (!held) throw new AppError(SyncCode.REFUSED, SyncMsg.REFUSED);
    if (Number(held.status) === HeldStatus.REFUSED) {
      throw new AppError(SyncCode.REFUSED, SyncMsg.REFUSED, heldInfo(held));
    }
    return { held };
  }

  // ---- the portal ----

  async heldList(userId: number, area: SyncArea): Promise<SyncHeldList> {
    const rows = await new SyncRepo(this.deps.db).waiting(userId, area);
    const devices = new Map((await new DevicesRepo(this.deps.db).list(userId)).map((r) => [r.device_id, r]));
    const list: SyncHeld[] = rows.map((r) => ({
      ...heldInfo(r),
      device_id: r.device_id,
      brand: devices.get(r.device_id)?.brand ?? '',
      model: devices.get(r.device_id)?.model ?? '',
      batch_deletes: Number(r.batch_deletes),
      created_at: Number(r.created_at),
    }));
    return { area, list };
  }

  /** The owner applies a held batch: now, whole, under the push's conflict rules. */
  async applyHeld(userId: number, heldId: string): Promise<SyncHeldDecision> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction().execute(async (trx) => {
      const repo = new SyncRepo(trx);
      const held = await this.waitingHeld(repo, userId, heldId, now, HeldStatus.APPLIED);
      const area = this.adapter(held.area as SyncArea);
      const changes = JSON.parse(held.changes) as unknown[];
      const applied = await area.apply({ ...this.deps, db: nestedDb(trx) }, userId, changes);
      const result: SyncPushResult = {
        area: area.area,
        batch_id: held.batch_id,
        sync_version: applied.sync_version,
        results: applied.results,
        replayed: false,
      };
      await repo.updateBatch(userId, held.device_id, held.batch_id, {
        status: HeldStatus.APPLIED,
        deletes: countDeletes(changes, applied),
        result: JSON.stringify(result),
        applied_at: now,
      });
      return { held_id: held.id, status: HeldStatus.APPLIED, sync_version: applied.sync_version };
    });
  }

  /** The owner refuses a held batch: nothing applied; the phone hears 1021 and reloads. */
  async refuseHeld(userId: number, heldId: string): Promise<SyncHeldDecision> {
    const now = this.deps.clock.now();
    const held = await this.deps.db.transaction().execute(async (trx) => {
      const repo = new SyncRepo(trx);
      const row = await this.waitingHeld(repo, userId, heldId, now, HeldStatus.REFUSED);
      await repo.updateBatch(userId, row.device_id, row.batch_id, { status: HeldStatus.REFUSED });
      return row;
    });
    const area = this.adapter(held.area as SyncArea);
    const page = await area.pull(this.deps.db, { userId, anchor: '', cursor: null, limit: 1 });
    return {
      held_id: held.id,
      status: HeldStatus.REFUSED,
      sync_version: Number.parseInt(page.anchor, 10) || 0,
    };
  }

  /** The held sync, taken out of waiting (so two decisions never both apply), or an error. */
  private async waitingHeld(
    repo: SyncRepo,
    userId: number,
    heldId: string,
    now: number,
    status: HeldStatusValue,
  ): Promise<HeldRow> {
    const held = await repo.held(userId, heldId);
    if (!held || !(await repo.decide(userId, heldId, status, now))) {
      throw new AppError(SyncCode.NOT_FOUND, SyncMsg.HELD_NOT_FOUND);
    }
    return held;
  }

  /** Housekeeping: batch ids and decided held syncs past their keeping time go (waiting ones stay). */
  async purgeOld(): Promise<void> {
    const repo = new SyncRepo(this.deps.db);
    const now = this.deps.clock.now();
    for (const userId of await repo.owners()) {
      await repo.dropBefore(userId, now - SYNC_BATCH_KEEP_DAYS * DAY_MS, now - SYNC_HELD_KEEP_DAYS * DAY_MS);
    }
  }
}

/** Deletes the batch applied (the guard's window adds them up). */
function countDeletes(changes: readonly unknown[], applied: Applied): number {
  return applied.results.filter(
    (r) =>
      r.outcome === SyncOutcome.APPLIED && (changes[r.index] as { op?: string } | undefined)?.op === 'delete',
  ).length;
}
