import { z } from 'zod';
import { CONTACT_UID_MAX, CSV_LAYOUTS, VCARD_VERSIONS } from '../contacts/limits.js';
import { ContactMsg } from '../contacts/messages.js';
import type { ContactContent } from '../contacts/types.js';
import { itemChange } from './sync-change.js';

/**
 * A contact's change in a sync push. The content is checked by the contacts' own rules when the
 * batch is applied (their messages name the field), so the shape lets any value through here.
 * A contact the phone creates may name its UID (the card's in the phone's book): the contact
 * keeps it, so CardDAV, exports and the phone know it by one UID.
 */
export const ContactChangeSchema = itemChange('content', z.custom<ContactContent>(), {
  uid: z.string().trim().min(1).max(CONTACT_UID_MAX).optional(),
});
export type ContactChange = z.input<typeof ContactChangeSchema>;

// The portal's calls (`ContactApi`, spec 001 §7): form fields; the ones that carry JSON
// (`data`, `server_ids`, `group_names`) are read by the server's own readers after the check.
const bad = { message: ContactMsg.BAD_REQUEST };
const Version = z.coerce.number<number | string>(bad).int().min(0);

export const ContactRefreshBody = z.object({ sync_version: Version, flag: z.string().optional() });
export const ContactDetailQuery = z.object({
  server_id: z.coerce.number<number | string>(bad).int().positive(),
});
export const ContactIdsBody = z.object({ server_ids: z.unknown() });
export const ContactGroupAddBody = z.object({ group_name: z.string().default('') });
export const ContactGroupUpdateBody = z.object({
  old_group_name: z.string(bad),
  group_name: z.string().default(''),
  server_ids: z.unknown().optional(),
});
export const ContactGroupDeleteBody = z.object({ group_name: z.string(bad) });
export const ContactGroupJoinBody = z.object({ group_names: z.unknown(), server_ids: z.unknown() });
export const ContactTimeMachineChangeBody = z.object({
  object_id: z.string().optional(),
  version_code: z.string().optional(),
});
export const ContactTimeMachineRecoverBody = z.object({ time_machine: z.string(bad) });

export const ContactUploadBody = z.object({
  filename: z.string().default(''),
  fid: z.string().default(''),
  /** The image as a data URL or base64. */
  file: z.string({ message: ContactMsg.AVATAR_BAD }),
});
/** The avatar's or the export file's key in the path. */
export const ContactFileParams = z.object({ key: z.string() });
// Not in the spec's call (it exports the whole book): a group or chosen contacts, and the version.
export const ContactExportBody = z.object({
  group_name: z.string().optional(),
  server_ids: z.unknown().optional(),
  version: z.enum(VCARD_VERSIONS, bad).default('3.0'),
  csv: z.enum(CSV_LAYOUTS, bad).optional(),
});
