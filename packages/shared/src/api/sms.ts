import { z } from 'zod';
import { SyncCid, SyncServerId } from './sync-change.js';

const MESSAGE_BODY_MAX = 100_000;
const Flag = z.union([z.literal(0), z.literal(1)]);

/**
 * A message's change in a sync push: messages are only added. A delete is accepted and answered
 * `kept`: the cloud keeps what it has.
 */
export const MessageChangeSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('create'),
    cid: SyncCid.optional(),
    address: z.string().max(100),
    body: z.string().max(MESSAGE_BODY_MAX),
    /** Epoch ms. */
    date: z.number().int().min(0),
    /** 1 received, 2 sent (Android's Telephony types; anything else is kept as given). */
    type: z.number().int().min(0).max(99),
    read: Flag.optional(),
    /** 1 favourite. */
    locked: Flag.optional(),
  }),
  z.object({ op: z.literal('delete'), server_id: SyncServerId }),
]);
export type MessageChange = z.input<typeof MessageChangeSchema>;
