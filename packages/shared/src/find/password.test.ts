import { describe, expect, it } from 'vitest';
import { decodeWipePassword, encodeWipePassword, normalizeRingCode } from './password.js';

describe('wipe password encoding', () => {
  it('is Base64 of the UTF-8 bytes and reads back', () => {
    const known: Array<[string, string]> = [
      ['demo12345', 'ZGVtbzEyMzQ1'],
      ['a', 'YQ=='],
      ['ab', 'YWI='],
      ['密码', '5a+G56CB'],
      ['', ''],
    ];
    for (const [p, e] of known) {
      expect(encodeWipePassword(p)).toBe(e);
      expect(decodeWipePassword(e)).toBe(p);
    }
  });
  it('refuses what is not an encoding', () => {
    expect(decodeWipePassword('abc')).toBeNull();
    expect(decodeWipePassword('%%%%')).toBeNull();
  });
  it('turns non-digits of a ring code into 0', () => {
    expect(normalizeRingCode('12 a56')).toBe('120056');
  });
});
