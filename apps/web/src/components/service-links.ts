import { ServiceId, type ServiceIdValue, ServiceName } from '@phonecloud/shared';

export interface ServiceLink {
  id: ServiceIdValue;
  name: string;
  /** Hash route of the area; null for the drive, which first needs a token (see openDrive). */
  route: string | null;
  /** The area's routes start with one of these (its check screen included). */
  areas: readonly string[];
}

/** In the order the portal shows them. */
const LINKS: readonly ServiceLink[] = [
  {
    id: ServiceId.CONTACTS,
    name: ServiceName[ServiceId.CONTACTS],
    route: '/contact/index',
    areas: ['/contact'],
  },
  { id: ServiceId.SMS, name: ServiceName[ServiceId.SMS], route: '/sms/index', areas: ['/sms'] },
  { id: ServiceId.NOTES, name: ServiceName[ServiceId.NOTES], route: '/note/index', areas: ['/note'] },
  { id: ServiceId.DRIVE, name: ServiceName[ServiceId.DRIVE], route: null, areas: ['/alipan', '/pan'] },
];

/** Whether a route belongs to the link's area: every screen of it, and its check screen. */
export function inArea(link: ServiceLink, pathname: string): boolean {
  return link.areas.some((a) => pathname === a || pathname.startsWith(`${a}/`) || pathname === `${a}.check`);
}

/** Only the services the member list names: a link never leads to an area that is not served. */
export function serviceLinks(member: readonly number[]): ServiceLink[] {
  return LINKS.filter((link) => member.includes(link.id));
}
