import { GatedAreaName, ServiceId, type ServiceIdValue, ServiceName } from '@phonecloud/shared';

/**
 * A service of the header and the home tiles: a member-list id, or find-my-phone, which the
 * spec's member ids leave out (it is shown when the deployment serves it, see docs/find-web.md).
 */
export type ServiceKey = ServiceIdValue | 'find';

export interface ServiceLink {
  id: ServiceKey;
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
  {
    id: ServiceId.CALENDAR,
    name: ServiceName[ServiceId.CALENDAR],
    route: '/calendar/index',
    areas: ['/calendar'],
  },
  { id: ServiceId.SMS, name: ServiceName[ServiceId.SMS], route: '/sms/index', areas: ['/sms'] },
  { id: ServiceId.NOTES, name: ServiceName[ServiceId.NOTES], route: '/note/index', areas: ['/note'] },
  { id: 'find', name: GatedAreaName.find, route: '/find/index', areas: ['/find'] },
  { id: ServiceId.DRIVE, name: ServiceName[ServiceId.DRIVE], route: null, areas: ['/alipan', '/pan'] },
  { id: ServiceId.PHOTOS, name: ServiceName[ServiceId.PHOTOS], route: '/photo/index', areas: ['/photo'] },
];

/** Whether a route belongs to the link's area: every screen of it, and its check screen. */
export function inArea(link: ServiceLink, pathname: string): boolean {
  return link.areas.some((a) => pathname === a || pathname.startsWith(`${a}/`) || pathname === `${a}.check`);
}

/**
 * Only the services the member list names, and find-my-phone when the deployment serves it
 * (platform/info.do's `find`): a link never leads to an area that is not served.
 */
export function serviceLinks(member: readonly number[], findServed = false): ServiceLink[] {
  return LINKS.filter((link) => (link.id === 'find' ? findServed : member.includes(link.id)));
}
