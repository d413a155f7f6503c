import { describe, expect, it } from 'vitest';
import { decodeText } from './text.js';

// "春眠不觉晓，处处闻啼鸟。" in GBK.
const GBK = Buffer.from('b4bac3dfb2bbbef5cffea3acb4a6b4a6cec5cce4c4f1a1a3', 'hex');

describe('text preview decoding', () => {
  it('reads UTF-8 (with or without a BOM) and UTF-16 by its BOM', () => {
    expect(decodeText(Buffer.from('中文 text'), false)).toEqual({ text: '中文 text', encoding: 'UTF-8' });
    expect(decodeText(Buffer.from('\uFEFF中文'), false)).toEqual({ text: '中文', encoding: 'UTF-8' });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('中文', 'utf16le')]);
    expect(decodeText(utf16, false)).toEqual({ text: '中文', encoding: 'UTF-16LE' });
  });

  it('detects GBK, and a file cut at the limit loses only its cut character', () => {
    const long = Buffer.concat(Array.from({ length: 20 }, () => GBK));
    expect(decodeText(long, false)).toEqual({ text: '春眠不觉晓，处处闻啼鸟。'.repeat(20), encoding: 'GBK' });
    const cut = decodeText(long.subarray(0, long.length - 1), true);
    expect(cut.encoding).toBe('GBK');
    expect(cut.text).toBe(`${'春眠不觉晓，处处闻啼鸟。'.repeat(19)}春眠不觉晓，处处闻啼鸟`);
    // UTF-8 cut inside a character is still UTF-8.
    const utf8 = Buffer.from('汉字'.repeat(50));
    expect(decodeText(utf8.subarray(0, utf8.length - 1), true)).toEqual({
      text: `${'汉字'.repeat(49)}汉`,
      encoding: 'UTF-8',
    });
  });
});
