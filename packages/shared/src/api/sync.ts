import { z } from 'zod';
import { isSyncArea, type SyncArea } from '../sync/codes.js';
import {
  SYNC_BATCH_ID_MAX,
  SYNC_BATCH_ID_MIN,
  SYNC_BATCH_MAX,
  SYNC_PULL_PAGE,
  SYNC_PULL_PAGE_MAX,
} from '../sync/limits.js';
import { SyncMsg } from '../sync/messages.js';
import { EventChangeSchema } from './calendar.js';
import { ContactChangeSchema } from './contacts.js';
import { NoteChangeSchema } from './notes.js';
import { MessageChangeSchema } from './sms.js';

const Area = z.string().refine(isSyncArea, SyncMsg.AREA_INVALID);

/** `SyncApi.pull`. */
export const SyncPullBody = z.object({
  area: Area,
  /**
   * The anchor the last finished pull of this area answered, as given (opaque text); `''` for
   * the first sync or after 1009: the answer is then the whole area (`full: true`). Omitted: the
   * anchor the server last saw this phone confirm.
   */
  anchor: z.string().max(100, SyncMsg.ANCHOR_INVALID).optional(),
  /** The `cursor` of the previous page of this pull; absent for its first page. */
  cursor: z.string().max(100, SyncMsg.ANCHOR_INVALID).optional(),
  /** Items per page, 1..SYNC_PULL_PAGE_MAX (default SYNC_PULL_PAGE). */
  limit: z.number().int().min(1).max(SYNC_PULL_PAGE_MAX).default(SYNC_PULL_PAGE),
});

/**
 * `SyncApi.push`: applied whole or not at all; the same batch_id again applies nothing twice.
 * Each change is then checked against its area's shape (`SyncChangeOf`), the first bad one named
 * by its index (`data.index`).
 */
export const SyncPushBody = z.object({
  area: Area,
  /** Chosen by the phone per batch (SYNC_BATCH_ID_MIN..MAX chars of [A-Za-z0-9_-]); reuse it only to resend. */
  batch_id: z
    .string()
    .min(SYNC_BATCH_ID_MIN, SyncMsg.BATCH_ID_INVALID)
    .max(SYNC_BATCH_ID_MAX, SyncMsg.BATCH_ID_INVALID)
    .regex(/^[A-Za-z0-9_-]+$/, SyncMsg.BATCH_ID_INVALID),
  /** 1..SYNC_BATCH_MAX changes, applied in order. */
  changes: z.array(z.unknown()).min(1, SyncMsg.CHANGE_INVALID).max(SYNC_BATCH_MAX, SyncMsg.BATCH_TOO_LARGE),
  /**
   * Added after the first version (docs/sync.md, Changes); optional. Deletes of this area the
   * phone still has to send in later batches of the same round: the mass-deletion guard counts
   * them with this batch's, so a wipe split over batches is held at its first batch.
   */
  pending_deletes: z
    .number()
    .int()
    .min(0, SyncMsg.CHANGE_INVALID)
    .max(10_000_000, SyncMsg.CHANGE_INVALID)
    .optional(),
});

/** The portal's list of held syncs of an area. */
export const SyncHeldQuery = z.object({ area: Area });
/** The portal's decision on one held sync (apply.do, refuse.do). */
export const SyncHeldBody = z.object({ held_id: z.string().min(1).max(64) });

/** The shape of one change of each area (its own content rules run when the batch is applied). */
export const SYNC_CHANGE_SCHEMAS = {
  contacts: ContactChangeSchema,
  sms: MessageChangeSchema,
  notes: NoteChangeSchema,
  calendar: EventChangeSchema,
} as const satisfies Record<SyncArea, z.ZodType>;

/** The changes each area accepts. */
export type SyncChangeOf = { [A in SyncArea]: z.input<(typeof SYNC_CHANGE_SCHEMAS)[A]> };

export type SyncPullRequest = Omit<z.input<typeof SyncPullBody>, 'area'> & { area: SyncArea };
export type SyncPushRequest<A extends SyncArea = SyncArea> = Omit<
  z.input<typeof SyncPushBody>,
  'area' | 'changes'
> & { area: A; changes: SyncChangeOf[A][] };
