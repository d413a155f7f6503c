import { type ContactContent, emptyContent } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { mergeContactContent } from './sync-merge.js';

const contact = (name: string, over: Partial<ContactContent> = {}): ContactContent => ({
  ...emptyContent(),
  name: [{ is_primary: 1, display_name: name, given_name: '', phonetic_family_name: '' }],
  ...over,
});
const phone = (number: string) => ({ is_primary: 0, number, type: 2 });

describe('contact merge', () => {
  it('takes each side where only it changed a kind', () => {
    const base = contact('甲', { phone: [phone('13800000001')] });
    const cloud = contact('甲', { phone: [phone('13800000001')], note: [{ note: '云端备注' }] });
    const mine = contact('甲', { phone: [phone('13800000002')] });
    const merged = mergeContactContent(base, cloud, mine);
    expect(merged.phone.map((p) => p.number)).toEqual(['13800000002']);
    expect(merged.note).toEqual([{ note: '云端备注' }]);
  });

  it('keeps both values when the same kind changed differently, and a number however it is spelled once', () => {
    const base = contact('甲', { phone: [phone('13800000001')] });
    const cloud = contact('甲', { phone: [phone('13800000003')] });
    const mine = contact('甲', { phone: [phone('138 0000 0004'), phone('+86 138-0000-0003')] });
    expect(mergeContactContent(base, cloud, mine).phone.map((p) => p.number)).toEqual([
      '13800000003',
      '138 0000 0004',
    ]);
  });

  it('without the base keeps the union; a second name becomes a nickname', () => {
    const merged = mergeContactContent(
      null,
      contact('刘备', { phone: [phone('13800000001')] }),
      contact('刘玄德', { phone: [phone('13800000002')] }),
    );
    expect(merged.phone.map((p) => p.number)).toEqual(['13800000001', '13800000002']);
    expect(merged.name.map((n) => n.display_name)).toEqual(['刘备']);
    expect(merged.nickname.map((n) => n.name)).toEqual(['刘玄德']);
  });

  it('drops what one side removed and the other left alone', () => {
    const base = contact('甲', { phone: [phone('13800000001'), phone('13800000002')] });
    const cloud = contact('甲', {
      phone: [phone('13800000001'), phone('13800000002'), phone('13800000009')],
    });
    const mine = contact('甲', { phone: [phone('13800000001')] });
    expect(mergeContactContent(base, cloud, mine).phone.map((p) => p.number)).toEqual([
      '13800000001',
      '13800000009',
    ]);
  });
});
