import { ServiceId } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { serviceLinks } from './service-links';

describe('serviceLinks', () => {
  it('lists only the member services, in the portal order', () => {
    const links = serviceLinks([ServiceId.DRIVE, ServiceId.NOTES, ServiceId.CONTACTS, 99]);
    expect(links.map((l) => [l.name, l.route])).toEqual([
      ['通讯录', '/contact/index'],
      ['便签', '/note/index'],
      ['云盘', null],
    ]);
  });
  it('has nothing to show for an empty member list', () => {
    expect(serviceLinks([])).toEqual([]);
  });
});
