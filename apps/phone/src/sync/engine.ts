import { randomUUID } from 'node:crypto';
import {
  Code,
  SYNC_AREA_NAMES,
  SYNC_BATCH_MAX,
  type SyncArea,
  type SyncChangeResult,
  SyncCode,
  type SyncHeldInfo,
  type SyncItemOf,
  SyncMsg,
} from '@phonecloud/shared';
import { type DeviceApiClient, DeviceApiError } from '../api.js';
import type { AreaSync, PendingBatch } from './sync-state.js';

/** What one round of an area did, for the phone's output. */
export interface AreaReport {
  area: SyncArea;
  created: number;
  edited: number;
  deleted: number;
  /** Results other than applied: merged, conflict copies, recreated, kept. */
  outcomes: Record<string, number>;
  pulled: number;
  removed: number;
  full: boolean;
  held: SyncHeldInfo | null;
  refused: boolean;
}

/** A change to send, and the local key of its item (for a create: its cid maps back to it). */
export interface LocalChange {
  change: { op: 'create' | 'edit' | 'delete' } & Record<string, unknown>;
  key: string;
}

/**
 * One area's side of the sync: reading its files into changes, taking in what the server
 * answered and what a pull brings, and writing the files again.
 */
export interface AreaAdapter<A extends SyncArea, T> {
  readonly area: A;
  /** Reads the area's files and answers what changed since the last sync (in the order to send). */
  localChanges(st: AreaSync<T>): LocalChange[];
  /**
   * Takes the server's answer to one change into the snapshot. `key` is the local key of a
   * create's item (from its cid); edits and deletes name their item themselves.
   */
  onResult(st: AreaSync<T>, change: LocalChange['change'], key: string, result: SyncChangeResult): void;
  /** Takes a pulled item (its cloud state) into the snapshot; answers its id as listed. */
  onPulled(st: AreaSync<T>, item: SyncItemOf[A]): string;
  /** An id the pull says left the cloud. */
  onDeleted(st: AreaSync<T>, id: string): void;
  /** A full pull ended: every item not listed (by the ids onPulled answered) left the cloud. */
  onFullEnd(st: AreaSync<T>, listed: Set<string>): void;
  /** Writes the area's files from the snapshot (and items made on the phone not pushed yet). */
  write(st: AreaSync<T>): void;
}

type SendOutcome = { kind: 'done' } | { kind: 'held'; info: SyncHeldInfo } | { kind: 'refused' };

const asHeld = (data: unknown): SyncHeldInfo | null =>
  data && typeof data === 'object' && 'held_id' in data ? (data as SyncHeldInfo) : null;

/** What a round's steps share: the client, the area's adapter, its state and its report. */
interface Round<A extends SyncArea, T> {
  api: DeviceApiClient;
  adapter: AreaAdapter<A, T>;
  st: AreaSync<T>;
  save: () => void;
  report: AreaReport;
}

/** A change's answer given to the adapter and counted in the report. */
function takeResult<A extends SyncArea, T>(round: Round<A, T>, batch: PendingBatch, r: SyncChangeResult) {
  const { adapter, st, report } = round;
  const change = batch.changes[r.index] as LocalChange['change'] | undefined;
  if (!change) return;
  const key = change.op === 'create' ? (batch.cids[String(change.cid ?? '')] ?? '') : '';
  adapter.onResult(st, change, key, r);
  if (change.op === 'create') report.created++;
  else if (change.op === 'edit') report.edited++;
  else report.deleted++;
  if (r.outcome !== 'applied' && r.outcome !== 'unchanged')
    report.outcomes[r.outcome] = (report.outcomes[r.outcome] ?? 0) + 1;
}

/** One batch sent (again, with its id, when it went unanswered before) and its answer taken. */
async function sendBatch<A extends SyncArea, T>(
  round: Round<A, T>,
  batch: PendingBatch,
): Promise<SendOutcome> {
  const { api, adapter, st, save } = round;
  try {
    const res = await api.push({
      area: adapter.area,
      batch_id: batch.batch_id,
      changes: batch.changes as never,
    });
    for (const r of res.results) takeResult(round, batch, r);
    st.pending = null;
    save();
    return { kind: 'done' };
  } catch (err) {
    if (err instanceof DeviceApiError && err.code === SyncCode.HELD) {
      const info = asHeld(err.data) ?? {
        held_id: '',
        area: adapter.area,
        batch_id: batch.batch_id,
        status: 0,
        deletes: 0,
        total: 0,
      };
      batch.held = info;
      save();
      return { kind: 'held', info };
    }
    if (err instanceof DeviceApiError && err.code === SyncCode.REFUSED) {
      st.pending = null;
      st.anchor = '';
      save();
      return { kind: 'refused' };
    }
    throw err;
  }
}

/** The files' changes since the last sync, in batches of SYNC_BATCH_MAX; stops at a held or refused one. */
async function pushChanges<A extends SyncArea, T>(round: Round<A, T>): Promise<SendOutcome> {
  const { adapter, st, save } = round;
  const changes = adapter.localChanges(st);
  for (let i = 0; i < changes.length; i += SYNC_BATCH_MAX) {
    const part = changes.slice(i, i + SYNC_BATCH_MAX);
    // Creates are matched back to their item by cid; edits and deletes name theirs.
    const cids: Record<string, string> = {};
    for (const c of part) {
      if (c.change.op === 'create' && typeof c.change.cid === 'string') cids[c.change.cid] = c.key;
    }
    const batch: PendingBatch = {
      batch_id: randomUUID(),
      changes: part.map((c) => c.change),
      cids,
      held: null,
    };
    st.pending = batch;
    save();
    const out = await sendBatch(round, batch);
    if (out.kind !== 'done') return out;
  }
  return { kind: 'done' };
}

/** Every page from the anchor; 1009 (the log no longer reaches back) starts over whole. */
async function pullAll<A extends SyncArea, T>(round: Round<A, T>): Promise<void> {
  const { api, adapter, st, report } = round;
  let anchor = st.anchor;
  let cursor: string | null = null;
  const listed = new Set<string>();
  for (;;) {
    let page: Awaited<ReturnType<typeof api.pull<A>>>;
    try {
      page = await api.pull<A>({ area: adapter.area, anchor, ...(cursor ? { cursor } : {}) });
    } catch (err) {
      if (err instanceof DeviceApiError && err.code === Code.FULL_RELOAD && anchor !== '') {
        anchor = '';
        cursor = null;
        listed.clear();
        continue;
      }
      throw err;
    }
    if (page.full) report.full = true;
    // What left first: an item listed is in the cloud now (a message of a conversation
    // deleted and then written to again comes back).
    for (const id of page.deleted) {
      adapter.onDeleted(st, id);
      report.removed++;
    }
    for (const item of page.items) {
      listed.add(adapter.onPulled(st, item));
      report.pulled++;
    }
    if (!page.more) {
      if (page.full) adapter.onFullEnd(st, listed);
      st.anchor = page.anchor;
      return;
    }
    cursor = page.cursor;
  }
}

/**
 * One sync round of an area:
 * 1. a batch still unanswered is sent again with its id (applied once however often it is sent);
 * 2. the files' changes since the last sync go up in batches of SYNC_BATCH_MAX;
 * 3. a pull from the anchor (all pages) brings the cloud's changes, merges and copies included;
 * 4. the files are written from the result.
 * A held batch stops the area's round (the portal decides; the batch is resent next time); a
 * refused one is dropped and the area is pulled whole again. `save` is called whenever the
 * state must survive a crash (before a send, after the round).
 */
export async function syncArea<A extends SyncArea, T>(
  api: DeviceApiClient,
  adapter: AreaAdapter<A, T>,
  st: AreaSync<T>,
  save: () => void,
): Promise<AreaReport> {
  const report: AreaReport = {
    area: adapter.area,
    created: 0,
    edited: 0,
    deleted: 0,
    outcomes: {},
    pulled: 0,
    removed: 0,
    full: false,
    held: null,
    refused: false,
  };
  const round: Round<A, T> = { api, adapter, st, save, report };
  let out: SendOutcome = st.pending ? await sendBatch(round, st.pending) : { kind: 'done' };
  if (out.kind === 'done') out = await pushChanges(round);
  if (out.kind === 'held') {
    report.held = out.info;
    return report;
  }
  if (out.kind === 'refused') report.refused = true;
  await pullAll(round);
  // Files are written only when the round changed something: a quiet round leaves them (and
  // an editor that has one open) alone.
  const moved = report.created + report.edited + report.deleted + report.pulled + report.removed;
  if (moved > 0 || report.full || report.refused) adapter.write(st);
  st.synced_at = Date.now();
  save();
  return report;
}

/** The area's name as the phone prints it. */
export const AREA_NAMES: Record<SyncArea, string> = SYNC_AREA_NAMES;

/** One line of what a round did, or null when it did nothing worth a line. */
export function reportLine(r: AreaReport): string | null {
  const name = AREA_NAMES[r.area];
  if (r.held) return `${name}：${SyncMsg.HELD}（将删除 ${r.held.deletes} 条，共 ${r.held.total} 条）`;
  const parts: string[] = [];
  if (r.refused) parts.push(SyncMsg.REFUSED);
  const up: string[] = [];
  if (r.created) up.push(`新增 ${r.created}`);
  if (r.edited) up.push(`修改 ${r.edited}`);
  if (r.deleted) up.push(`删除 ${r.deleted}`);
  if (up.length) parts.push(`已上传 ${up.join('、')} 条`);
  const labels: Record<string, string> = {
    merged: '合并',
    conflict_copy: '冲突副本',
    recreated: '重新创建',
    kept: '云端保留',
  };
  const outs = Object.entries(r.outcomes).map(([k, n]) => `${labels[k] ?? k} ${n}`);
  if (outs.length) parts.push(`其中 ${outs.join('、')} 条`);
  if (r.pulled || r.removed)
    parts.push(
      `已下载 ${r.pulled} 条${r.full ? '（全量）' : ''}${r.removed ? `，云端删除 ${r.removed} 条` : ''}`,
    );
  return parts.length ? `${name}：${parts.join('；')}` : null;
}

/** Whether an error means the device token is gone (the phone must sign in again). */
export const isSignedOut = (err: unknown) => err instanceof DeviceApiError && err.code === Code.NOT_LOGGED_IN;
