import { z } from 'zod';
import { SmsMsg } from '../sms/messages.js';
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

// The portal's calls (`SmsApi`, spec 001 §7): form fields, numbers as text.
const bad = { message: SmsMsg.BAD_REQUEST };
const Version = z.coerce.number<number | string>(bad).int().min(0);
const Id = z.coerce.number<number | string>(bad).int().positive();
const OptionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), Id.optional());
const Address = z.string(bad).min(1, SmsMsg.BAD_REQUEST).max(200, SmsMsg.BAD_REQUEST);

export const SmsRefreshBody = z.object({ sync_version: Version, flag: z.string().optional() });
export const SmsDetailBody = z.object({ format_address: Address, before: OptionalId, anchor: OptionalId });
export const SmsFavouriteBody = z.object({
  favourite: z.coerce.number<number | string>(bad).pipe(z.union([z.literal(0), z.literal(1)])),
  sync_version: Version,
  serverId: Id,
});
export const SmsDeleteBody = z.object({ sync_version: Version, format_address: Address });
/** One message, by its id (as favourite.do names it). */
export const SmsDeleteMessageBody = z.object({ sync_version: Version, serverId: Id });
export const SmsSearchBody = z.object({
  query: z.string(bad),
  offset: z.coerce.number<number | string>(bad).int().min(0).default(0),
});
/** The export file's id (its name in the path is for the browser's save dialog). */
export const SmsExportParams = z.object({ id: z.string(), name: z.string() });
/** An MMS picture's key. */
export const SmsPictureParams = z.object({ key: z.string() });
