import { PhoneType } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { truncate } from './truncate';
import { nextType, PHONE_TYPES } from './type-labels';

describe('display helpers', () => {
  it('cuts at a character count without splitting a character', () => {
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('abcd', 3)).toBe('abc…');
    expect(truncate('😀😀😀', 2)).toBe('😀😀…');
  });

  it('cycles phone types through the unused ones', () => {
    expect(nextType(PHONE_TYPES, [])).toBe(PhoneType.MOBILE);
    expect(nextType(PHONE_TYPES, [PhoneType.MOBILE, PhoneType.HOME])).toBe(PhoneType.WORK);
    expect(
      nextType(
        PHONE_TYPES,
        PHONE_TYPES.map(([c]) => c),
      ),
    ).toBe(PhoneType.MOBILE);
  });
});
