import { describe, expect, it } from 'vitest';
import { fullTarget, SmsRoute, searchOfPath, searchText } from './routes';

describe('SMS routes', () => {
  it('round-trips a search with characters a hash would break', () => {
    const route = SmsRoute.search('快递 #1?');
    expect(route.startsWith('/sms/search&')).toBe(true);
    expect(searchOfPath(route.slice('/sms/'.length))).toBe('快递 #1?');
    expect(searchOfPath('index')).toBeNull();
  });

  it('searches a number without dashes, spaces and +86', () => {
    expect(searchText('+86 138-0013-8000')).toBe('13800138000');
    expect(searchText('(010) 6666')).toBe('0106666');
  });

  it('drops a leading dot and regex characters from a text query', () => {
    expect(searchText('.验证码')).toBe('验证码');
    expect(searchText('a.*b[c]')).toBe('abc');
    expect(searchText('  ')).toBe('');
  });

  it('opens a conversation or one message of it', () => {
    expect(fullTarget('10086')).toEqual({ address: '10086', anchor: null });
    expect(fullTarget(encodeURIComponent('+86 138-0013-8000.42'))).toEqual({
      address: '13800138000',
      anchor: '42',
    });
    const route = SmsRoute.full('13800138000', '7');
    expect(fullTarget(route.slice('/sms/full/'.length))).toEqual({ address: '13800138000', anchor: '7' });
  });
});
