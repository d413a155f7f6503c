import { CONTACT_TRUNCATE, emptyAddressParts, GROUP_TRUNCATE_LIST } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { normalizeQuery } from '../search/haystack';
import { contactFixture } from '../test-contacts';
import { cutAround, ROW_FIELD_MAX, rowLines } from './row-lines';

const longAddress = `${'北京市朝阳区建国路八十八号'.repeat(3)}现代城五号楼`; // 45 characters
const longName = 'Maximilian Alexander Konstantin von Hohenberg'; // 45 characters

describe('cutAround', () => {
  it('cuts from the start when the match ends within the limit', () => {
    expect(cutAround('abcdefghij', 'cd', 5)).toBe('abcde…');
    expect(cutAround('abc', 'zz', 5)).toBe('abc');
  });

  it('cuts around a match that lies past the limit, a few characters before it', () => {
    const text = `${'a'.repeat(30)}XYZ${'b'.repeat(30)}`;
    const cut = cutAround(text, 'xyz', 20);
    expect(cut).toBe(`…${'a'.repeat(8)}XYZ${'b'.repeat(9)}…`);
    expect(Array.from(cut.slice(1, -1))).toHaveLength(20);
  });

  it('stops at the end of the text without filling back', () => {
    expect(cutAround(`${'a'.repeat(30)}XYZ`, 'xyz', 20)).toBe(`…${'a'.repeat(8)}XYZ`);
  });

  it('widens the cut to a match longer than the limit', () => {
    expect(cutAround(`${'a'.repeat(10)}${'m'.repeat(12)}`, 'm'.repeat(12), 5)).toBe(
      `…${'a'.repeat(8)}${'m'.repeat(12)}`,
    );
  });

  it('counts characters, not UTF-16 units, so an emoji or rare character is never split', () => {
    const text = `${'😀'.repeat(30)}找到`;
    expect(cutAround(text, '找到', 10)).toBe(`…${'😀'.repeat(8)}找到`);
  });
});

describe('rowLines', () => {
  it('shows the name and primary phone when not searching', () => {
    const c = contactFixture('1', longName, { phone: [{ is_primary: 1, number: '138 0013 8000', type: 2 }] });
    expect(rowLines(c, '')).toEqual({ name: `${longName.slice(0, 25)}…`, why: null, phone: '138 0013 8000' });
  });

  it('needs no second line when the name as shown holds the match', () => {
    const c = contactFixture('1', longName);
    expect(rowLines(c, normalizeQuery('Alex')).why).toBeNull();
  });

  it('explains a match past the cut of a long name with the name around the match', () => {
    const c = contactFixture('1', longName);
    const lines = rowLines(c, normalizeQuery('Hohen'));
    expect(lines.name).toBe(`${longName.slice(0, 25)}…`);
    expect(lines.why).toEqual({ label: '名字', text: '…tin von Hohenberg' });
  });

  it('explains a match that straddles the cut of the name', () => {
    // Characters 23-26: the name line shows only part of it, which is not highlighted.
    const c = contactFixture('1', longName);
    expect(rowLines(c, normalizeQuery('tin von'))?.why?.label).toBe('名字');
  });

  it("cuts each field with its own limit: an address at 40, not a phone's 32", () => {
    const c = contactFixture('1', '张三', {
      'postal-address': [{ is_primary: 1, ...emptyAddressParts(), formatted_address: longAddress, type: 1 }],
    });
    const lines = rowLines(c, normalizeQuery('北京'));
    expect(lines.why).toEqual({ label: '地址', text: `${Array.from(longAddress).slice(0, 40).join('')}…` });
    expect(ROW_FIELD_MAX.address).toBe(CONTACT_TRUNCATE.address);
    expect(ROW_FIELD_MAX.email).toBe(CONTACT_TRUNCATE.email);
    expect(ROW_FIELD_MAX.phone).toBe(CONTACT_TRUNCATE.phone);
    expect(ROW_FIELD_MAX.group).toBe(GROUP_TRUNCATE_LIST);
  });

  it('shows a match deep in a long address or note around the match', () => {
    const c = contactFixture('1', '张三', {
      'postal-address': [{ is_primary: 1, ...emptyAddressParts(), formatted_address: longAddress, type: 1 }],
      note: [{ note: `${'备'.repeat(100)}生日送花${'注'.repeat(100)}` }],
    });
    expect(rowLines(c, '五号楼').why).toEqual({ label: '地址', text: '…路八十八号现代城五号楼' });
    const note = rowLines(c, '送花').why;
    expect(note?.label).toBe('备注');
    expect(note?.text).toBe(`…${'备'.repeat(6)}生日送花${'注'.repeat(30)}…`);
  });

  it('cuts an e-mail at 32', () => {
    const address = `${'x'.repeat(40)}@example.com`;
    const c = contactFixture('1', '李四', { email: [{ is_primary: 1, address, type: 1 }] });
    expect(rowLines(c, 'xxx').why).toEqual({ label: '邮箱', text: `${'x'.repeat(32)}…` });
  });

  it('shows a phone matched without its spaces and dashes the way it was typed', () => {
    const c = contactFixture('1', '王五', { phone: [{ is_primary: 1, number: '138 0013-8000', type: 2 }] });
    expect(rowLines(c, '13800138000').why).toEqual({ label: '电话', text: '13800138000' });
    expect(rowLines(c, '0013-8').why).toEqual({ label: '电话', text: '138 0013-8000' });
  });
});
