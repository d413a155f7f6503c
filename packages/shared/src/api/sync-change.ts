import { z } from 'zod';
import { SYNC_CID_MAX } from '../sync/limits.js';

/** A server id as the phone sends it back (digits; checked against the account when applied). */
export const SyncServerId = z.string().max(20);
/** The version_code the phone last pulled for an item. */
export const SyncVersion = z.number().int().min(0);
/** The phone's own id for an item it creates, echoed in the change's result. */
export const SyncCid = z.string().max(SYNC_CID_MAX);

/**
 * A phone's change of one item kept by server id (a contact, a note): a create under the phone's
 * own id, an edit or a delete of the version the phone last had; `key` holds the item's fields.
 */
export function itemChange<
  K extends string,
  P extends z.ZodType,
  C extends z.ZodRawShape = Record<never, never>,
>(key: K, payload: P, createFields?: C) {
  const fields = { [key]: payload } as Record<K, P>;
  return z.discriminatedUnion('op', [
    z
      .object({ op: z.literal('create'), cid: SyncCid })
      .extend(fields)
      .extend((createFields ?? {}) as C),
    z.object({ op: z.literal('edit'), server_id: SyncServerId, version_code: SyncVersion }).extend(fields),
    z.object({ op: z.literal('delete'), server_id: SyncServerId, version_code: SyncVersion }),
  ]);
}
