import { describe, expect, it } from 'vitest';
import { forEachAtOnce } from './copy-blob.js';

describe('forEachAtOnce', () => {
  it('runs every item, never more than the width at once', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await forEachAtOnce([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setImmediate(r));
      seen.push(n);
      running--;
    });
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('throws the failure only once every item begun has ended, and begins no other', async () => {
    let running = 0;
    const begun: number[] = [];
    const outcome = forEachAtOnce([1, 2, 3, 4, 5, 6], 2, async (n) => {
      running++;
      begun.push(n);
      await new Promise((r) => setImmediate(r));
      running--;
      if (n === 1) throw new Error('one failed');
    });
    await expect(outcome).rejects.toThrow('one failed');
    expect(running).toBe(0);
    expect(begun).toEqual([1, 2]);
  });
});
