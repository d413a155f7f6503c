import { CONTACT_CLOUD_BASE, type Contact } from '@phonecloud/shared';

/** The name a contact is shown by. */
export function displayName(c: Contact): string {
  return c.content.name[0]?.display_name ?? '';
}

/** The primary phone number, else the first. */
export function primaryPhone(c: Contact): string {
  const phones = c.content.phone;
  return (phones.find((p) => p.is_primary === 1) ?? phones[0])?.number ?? '';
}

/** URL of the avatar: the first attachment's cloud_path behind the cloud base (spec 001 §3). */
export function avatarUrl(c: Pick<Contact, 'attachment'>): string | null {
  const path = c.attachment[0]?.cloud_path;
  return path ? `${CONTACT_CLOUD_BASE}${path}` : null;
}
