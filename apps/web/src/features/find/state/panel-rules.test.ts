import { FindMsg } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import {
  commandEnd,
  commandEndMessage,
  lockCounter,
  lockTextError,
  lockTextInput,
  ringCodeInput,
  ringCodeReady,
  wipeErrors,
  wipeFieldInput,
} from './panel-rules';

describe('ring code', () => {
  it('turns non-digits and spaces into 0 and stops at six characters', () => {
    expect(ringCodeInput('12a4 6')).toBe('120406');
    expect(ringCodeInput('1234567')).toBe('123456');
    expect(ringCodeInput('')).toBe('');
  });
  it('is ready only with six digits', () => {
    expect(ringCodeReady('12345')).toBe(false);
    expect(ringCodeReady('123456')).toBe(true);
    expect(ringCodeReady(ringCodeInput('abcdef'))).toBe(true);
  });
});

describe('lock text', () => {
  it('is cut at 200 characters', () => {
    expect(lockTextInput('字'.repeat(250))).toHaveLength(200);
  });
  it('shows the counter from 150 and turns it red at 200', () => {
    expect(lockCounter('a'.repeat(149))).toEqual({ shown: false, full: false, length: 149 });
    expect(lockCounter('a'.repeat(150))).toEqual({ shown: true, full: false, length: 150 });
    expect(lockCounter('a'.repeat(199)).full).toBe(false);
    expect(lockCounter('a'.repeat(200))).toEqual({ shown: true, full: true, length: 200 });
  });
  it('is required', () => {
    expect(lockTextError('  ')).toBe('锁定界面文字不能为空。');
    expect(lockTextError('丢了')).toBeNull();
  });
});

describe('wipe dialog', () => {
  it('needs the account and the password', () => {
    expect(wipeErrors('', '')).toEqual({ account: '账号不能为空', password: '密码不能为空' });
    expect(wipeErrors('demo', '')).toEqual({ password: '密码不能为空' });
    expect(wipeErrors('demo', 'x')).toEqual({});
  });
  it('takes at most 22 characters a field', () => {
    expect(wipeFieldInput('x'.repeat(30))).toHaveLength(22);
  });
});

describe('command status', () => {
  it('keeps polling at 1, ends at 2, 3 and anything else', () => {
    expect(commandEnd(1)).toBeNull();
    expect(commandEnd(2)).toBe('success');
    expect(commandEnd(3)).toBe('failed');
    expect(commandEnd(4)).toBe('not_received');
    expect(commandEnd(0)).toBe('not_received');
    expect(commandEndMessage('failed')).toBe(FindMsg.COMMAND_FAILED);
    expect(commandEndMessage('not_received')).toBe(FindMsg.COMMAND_NOT_RECEIVED);
  });
});
