import { describe, expect, it } from 'vitest';
import {
  isValidEmail,
  isValidPassword,
  isValidPhone,
  isValidUsername,
  maskEmail,
  maskPhone,
  normalizePhone,
} from './account.js';

describe('account validators', () => {
  it('accepts user names of 3-20 word characters starting with a letter', () => {
    expect(isValidUsername('demo')).toBe(true);
    expect(isValidUsername('a_1')).toBe(true);
    expect(isValidUsername('1abc')).toBe(false);
    expect(isValidUsername('ab')).toBe(false);
    expect(isValidUsername('a'.repeat(21))).toBe(false);
    expect(isValidUsername('名字abc')).toBe(false);
  });
  it('wants passwords with letters and digits, 8-64 long', () => {
    expect(isValidPassword('abcdefg1')).toBe(true);
    expect(isValidPassword('abcdefgh')).toBe(false);
    expect(isValidPassword('12345678')).toBe(false);
    expect(isValidPassword('a1')).toBe(false);
  });
  it('normalises and checks mainland mobile numbers', () => {
    expect(normalizePhone('+86 138-0013-8000')).toBe('13800138000');
    expect(isValidPhone('13800138000')).toBe(true);
    expect(isValidPhone('12800138000')).toBe(false);
    expect(isValidPhone('1380013800')).toBe(false);
  });
  it('checks e-mail addresses loosely', () => {
    expect(isValidEmail('Demo@Example.com')).toBe(true);
    expect(isValidEmail('demo@example')).toBe(false);
    expect(isValidEmail('de mo@example.com')).toBe(false);
  });
  it('masks what verify_info shows', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskEmail('demo@example.com')).toBe('de***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
  });
});
