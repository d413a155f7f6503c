import { describe, expect, it } from 'vitest';
import { contactFixture } from '../test-contacts';
import { haystackOf, matchedField, matchesQuery, normalizeQuery } from './haystack';

const c = contactFixture('1', '欧阳娜娜', {
  phone: [{ is_primary: 1, number: '138 0013-8000', type: 2 }],
  organization: [{ is_primary: 1, company: 'Star Tech', title: '经理', type: 1 }],
  note: [{ note: '周末可联系' }],
  group: [{ groupTitle: '同事' }],
});

describe('search', () => {
  it('matches names, pinyin, phones with or without separators and every other field, case-insensitively', () => {
    for (const q of ['欧阳', 'ouyang', '138 0013', '13800138000', 'star tech', '周末', '同事']) {
      expect(matchesQuery(c, normalizeQuery(q)), q).toBe(true);
    }
    expect(matchesQuery(c, 'nobody')).toBe(false);
  });

  it('builds a haystack once per contact object', () => {
    expect(haystackOf(c)).toBe(haystackOf(c));
  });

  it('names the field that matched for the row', () => {
    expect(matchedField(c, 'star')).toEqual({ kind: 'company', label: '公司', text: 'Star Tech' });
    expect(matchedField(c, 'ouyang')?.label).toBe('姓名拼音');
    expect(matchedField(c, 'zzz')).toBeNull();
  });

  it('trims and lower-cases the query', () => {
    expect(normalizeQuery('  ABC ')).toBe('abc');
  });
});
