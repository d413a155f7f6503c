import { describe, expect, it } from 'vitest';
import { chainRoute, parseChain } from './chain';

describe('drive path parameter', () => {
  it('reads the chain from the root to the current folder', () => {
    expect(parseChain('index/path=root', 'root')).toEqual(['root']);
    expect(parseChain('index/path=root.1001.1002', 'root')).toEqual(['root', '1001', '1002']);
    expect(parseChain('index/path=999.1001', '999')).toEqual(['999', '1001']);
  });
  it('refuses chains that do not start at the root or are not drive paths', () => {
    expect(parseChain('index/path=1001', 'root')).toBeNull();
    expect(parseChain('index', '999')).toBeNull();
    expect(parseChain('index/path=root..1', 'root')).toBeNull();
  });
  it('appends a folder by a dot', () => {
    expect(chainRoute('pan', ['999', '1001'])).toBe('/pan/index/path=999.1001');
  });
});
