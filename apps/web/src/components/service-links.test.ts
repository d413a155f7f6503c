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

describe('find-my-phone link', () => {
  it('shows when the deployment serves find, before the drive, whatever the member list', () => {
    expect(serviceLinks([ServiceId.DRIVE], true).map((l) => l.id)).toEqual(['find', ServiceId.DRIVE]);
    expect(serviceLinks([], true).map((l) => l.route)).toEqual(['/find/index']);
    expect(serviceLinks([ServiceId.DRIVE]).map((l) => l.id)).toEqual([ServiceId.DRIVE]);
  });
  it('is lit on its screens and its check screen', () => {
    const [find] = serviceLinks([], true);
    if (!find) throw new Error('link missing');
    for (const p of ['/find/index', '/find/mobileList', '/find/mobileSearch/p1', '/find.check'])
      expect(inArea(find, p), p).toBe(true);
  });
});
