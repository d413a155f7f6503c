import { ServiceId, type ServiceIdValue, ServiceName } from '@phonecloud/shared';

export interface ServiceLink {
  id: ServiceIdValue;
  name: string;
  /** Hash route of the area; null for the drive, which first needs a token (see openDrive). */
  route: string | null;
}

/** In the order the portal shows them. */
const LINKS: readonly ServiceLink[] = [
  { id: ServiceId.CONTACTS, name: ServiceName[ServiceId.CONTACTS], route: '/contact/index' },
  { id: ServiceId.SMS, name: ServiceName[ServiceId.SMS], route: '/sms/index' },
  { id: ServiceId.NOTES, name: ServiceName[ServiceId.NOTES], route: '/note/index' },
  { id: ServiceId.DRIVE, name: ServiceName[ServiceId.DRIVE], route: null },
];

/** Only the services the member list names: a link never leads to an area that is not served. */
export function serviceLinks(member: readonly number[]): ServiceLink[] {
  return LINKS.filter((link) => member.includes(link.id));
}
