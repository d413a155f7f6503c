import { ServiceId } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { inArea, serviceLinks } from './service-links';

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
  it('knows every screen of an area, its check screen included, and nothing else', () => {
    const [contacts, drive] = serviceLinks([ServiceId.CONTACTS, ServiceId.DRIVE]);
    if (!contacts || !drive) throw new Error('links missing');
    for (const p of [
      '/contact',
      '/contact/index/3',
      '/contact/editor',
      '/contact/selectmode',
      '/contact.check',
    ]) {
      expect(inArea(contacts, p), p).toBe(true);
    }
    expect(inArea(contacts, '/contacts-other')).toBe(false);
    expect(inArea(contacts, '/home/index')).toBe(false);
    expect(inArea(drive, '/pan/index/path=root')).toBe(true);
    expect(inArea(drive, '/alipan.check')).toBe(true);
  });
});
