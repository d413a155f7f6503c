import {
  Code,
  type SyncArea,
  type SyncChangeResult,
  SyncCode,
  SyncMsg,
  SyncOutcome,
} from '@phonecloud/shared';
import type { z } from 'zod';
import type { Db } from '../db/index.js';
import type { AppDeps } from '../http/context.js';
import { AppError } from '../http/errors.js';

export interface PullArgs {
  userId: number;
  /** '' for the whole area. */
  anchor: string;
  cursor: string | null;
  limit: number;
}

export interface AreaPull {
  anchor: string;
  cursor: string | null;
  more: boolean;
  full: boolean;
  items: unknown[];
  deleted: string[];
}

export interface Applied {
  sync_version: number;
  results: SyncChangeResult[];
}

/**
 * What phone sync (docs/sync.md) needs of an area: the area provides it from its own folder
 * (`sync-adapter.ts`, over its own services and repository) in its AppModule's `sync` slot, and
 * the sync module serves every registered one.
 */
export interface SyncAdapter {
  area: SyncArea;
  /** One change of a push (validated before anything is written). */
  change: z.ZodType;
  pull(db: Db, args: PullArgs): Promise<AreaPull>;
  /** Items in the book now (the guard's "book"). */
  size(db: Db, userId: number): Promise<number>;
  /** Deletes the changes ask for. */
  deletes(changes: readonly unknown[]): number;
  /** Applies the changes in order; `deps.db` is the batch's transaction. */
  apply(deps: AppDeps, userId: number, changes: readonly unknown[]): Promise<Applied>;
}

export const fullReload = () => new AppError(Code.FULL_RELOAD, SyncMsg.ANCHOR_INVALID);

/** A version anchor ('' is handled by the caller): a non-negative integer, or 1009. */
export function versionOf(anchor: string): number {
  if (!/^\d{1,15}$/.test(anchor)) throw fullReload();
  return Number(anchor);
}

/** A cursor of `n` integers joined by '~' (it came from this server), or 1000. */
export function cursorOf(cursor: string | null, n: number): number[] | null {
  if (cursor === null) return null;
  const parts = cursor.split('~');
  if (parts.length !== n || parts.some((p) => !/^-?\d{1,16}$/.test(p))) {
    throw new AppError(Code.INVALID, SyncMsg.ANCHOR_INVALID);
  }
  return parts.map(Number);
}

export const makeCursor = (...parts: number[]) => parts.join('~');

/** A server id of the phone's change: the account's id or 1011 (never a hint whose it is). */
export function idOf(serverId: string, index: number): number {
  const n = /^\d{1,15}$/.test(serverId) ? Number(serverId) : Number.NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw notFoundAt(index);
  return n;
}

export const notFoundAt = (index: number) => new AppError(SyncCode.NOT_FOUND, SyncMsg.NOT_FOUND, { index });

/**
 * Runs one change: an area's refusal (bad content, a limit) refuses the batch, its answer
 * naming the change (`data.index`).
 */
export async function atIndex<T>(index: number, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError && err.data === undefined)
      throw new AppError(err.code, err.message, { index });
    throw err;
  }
}

/** Pages of a sorted id list: those after `after`, at most `limit`. */
export function pageOf(ids: readonly number[], after: number, limit: number) {
  const rest = [...ids].sort((a, b) => a - b).filter((id) => id > after);
  return { page: rest.slice(0, limit), more: rest.length > limit };
}

/**
 * A phone's delete of an item of a book with a recycle bin (contacts, notes): already in the bin,
 * unchanged; changed in the cloud since the phone saw it, kept (the edit wins over the delete);
 * otherwise `recycle` moves it to the bin and answers the book's version after it.
 */
export async function deleteOutcome(
  index: number,
  serverId: string,
  row: { deleted_at: number | null; version_code: number },
  phoneVersion: number,
  recycle: () => Promise<number>,
): Promise<SyncChangeResult> {
  if (row.deleted_at !== null) return { index, outcome: SyncOutcome.UNCHANGED, server_id: serverId };
  if (Number(row.version_code) !== phoneVersion) {
    return { index, outcome: SyncOutcome.KEPT, server_id: serverId, version_code: Number(row.version_code) };
  }
  return { index, outcome: SyncOutcome.APPLIED, server_id: serverId, version_code: await recycle() };
}
