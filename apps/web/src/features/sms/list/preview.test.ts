import type { SmsItem } from '@phonecloud/shared';
import { describe, expect, it } from 'vitest';
import { previewOf, snippetAround } from './preview';

const sms = (body: string, attachments?: string[]): SmsItem => ({
  server_id: '1',
  content: { format_address: '10086', body, date: 0, type: 1, locked: 0, attachments },
  optime: 0,
});

describe('list previews', () => {
  it('puts a message on one line, and names a picture-only MMS', () => {
    expect(previewOf(sms('第一行\n第二行'))).toBe('第一行 第二行');
    expect(previewOf(sms('', ['/sms/attachment/file/abc']))).toBe('[图片]');
    expect(previewOf(undefined)).toBe('');
  });

  it('starts a long text shortly before the hit', () => {
    const text = `${'尊敬的客户'.repeat(6)}您的验证码是 1234`;
    const out = snippetAround(text, '验证码');
    expect(out.startsWith('…')).toBe(true);
    expect(out).toContain('验证码');
    expect(out.indexOf('验证码')).toBe(11);
    expect(snippetAround('短文本验证码', '验证码')).toBe('短文本验证码');
    expect(snippetAround('Hello WORLD', 'world')).toBe('Hello WORLD');
  });
});
