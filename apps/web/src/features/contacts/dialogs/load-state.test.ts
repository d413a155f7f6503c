import { describe, expect, it } from 'vitest';
import { loadState } from './load-state';

describe('loadState', () => {
  it('is loading until the first answer', () => {
    expect(loadState({ isPending: true, isError: false, data: undefined })).toBe('loading');
  });

  it('is failed, not empty, when the first load failed, also while a retry runs', () => {
    expect(loadState({ isPending: false, isError: true, data: undefined })).toBe('failed');
  });

  it('shows what it has: an answer, even one a later refetch failed to renew', () => {
    expect(loadState({ isPending: false, isError: false, data: { list: [] } })).toBe('ready');
    expect(loadState({ isPending: false, isError: true, data: { list: [] } })).toBe('ready');
  });
});
